package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/chromium"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The browser test renders a report in headless Chromium, the way a reader opens it.
// Chromium is driven from its command line only (no DevTools protocol, no new
// dependency): --dump-dom gives the DOM after load, --enable-logging=stderr prints every
// console message as an INFO:CONSOLE line, and --screenshot saves what a person would see.
// Sizes are measured by a copy of the page with a measuring script appended; the page
// itself logs nothing (its one script, the game viewer, writes no console line), so any
// console line at all is a fault.

// runChromium runs headless Chromium on a file with extra flags; it returns stdout and stderr.
func runChromium(t *testing.T, bin, page string, width, height int, flags ...string) (string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
		"--user-data-dir=" + t.TempDir(), fmt.Sprintf("--window-size=%d,%d", width, height)}, flags...)
	args = append(args, "file://"+page)
	cmd := exec.CommandContext(ctx, bin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(t, cmd.Run(), "chromium %v: %s", args, errb.String())
	return out.String(), errb.String()
}

// consoleLines are Chromium's console messages in its log.
var consoleLine = regexp.MustCompile(`(?m)^.*:CONSOLE[^\]]*\].*$`)

// measureScript records each chart's rendered size and text, the body's content width
// and the page height into a <pre id="measure"> element as JSON.
const measureScript = `<script>
(function () {
  var figs = [];
  document.querySelectorAll("figure").forEach(function (f) {
    var s = f.querySelector("svg"), r = s.getBoundingClientRect(), texts = s.querySelectorAll("text"), shown = 0, all = [];
    texts.forEach(function (t) { all.push(t.textContent); if (t.getBBox().width > 0) shown++; });
    figs.push({kind: f.dataset.kind, width: r.width, height: r.height, texts: all, shown: shown});
  });
  var cs = getComputedStyle(document.body);
  var m = {figures: figs, content: document.body.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
           height: document.documentElement.scrollHeight, tables: document.querySelectorAll("section.table table").length};
  var pre = document.createElement("pre"); pre.id = "measure"; pre.textContent = JSON.stringify(m);
  document.body.appendChild(pre);
})();
</script>`

type measured struct {
	Figures []struct {
		Kind          string
		Width, Height float64
		Texts         []string
		Shown         int
	}
	Content float64
	Height  int
	Tables  int
}

func TestReportInBrowser(t *testing.T) {
	// A real browser is an integration check, left to the full run: -short runs (the
	// mutation runs) limit each test binary's address space, which chromium cannot start in.
	if testing.Short() {
		t.Skip("launches chromium; skipped with -short")
	}
	bin, err := chromium.Find()
	if err != nil {
		t.Skip(err.Error())
	}
	dir := t.TempDir()
	r, page := buildHTML(t, smallRun(t))
	pagePath := filepath.Join(dir, "report.html")
	require.NoError(t, os.WriteFile(pagePath, []byte(page), 0o644))

	// The page as shipped: it loads with no console message at all, and its DOM holds
	// every table and chart.
	dom, log := runChromium(t, bin, pagePath, 1280, 900, "--enable-logging=stderr", "--v=0", "--dump-dom")
	assert.Empty(t, consoleLine.FindAllString(log, -1), "console messages")
	assert.Equal(t, len(r.Figures)+1, strings.Count(dom, "<svg "), "charts and the viewer's board in the DOM")
	assert.Equal(t, len(r.Tables), strings.Count(dom, `<section class="table"`), "tables in the DOM")

	// A copy with the measuring script: sizes and text as laid out.
	measurePath := filepath.Join(dir, "measure.html")
	require.NoError(t, os.WriteFile(measurePath, []byte(strings.Replace(page, "</body>", measureScript+"</body>", 1)), 0o644))
	dom, _ = runChromium(t, bin, measurePath, 1280, 900, "--dump-dom")
	_, rest, ok := strings.Cut(dom, `<pre id="measure">`)
	require.True(t, ok, "the measuring script ran")
	raw, _, _ := strings.Cut(rest, "</pre>")
	var m measured
	require.NoError(t, json.Unmarshal([]byte(html.UnescapeString(raw)), &m))
	assert.Equal(t, len(r.Tables), m.Tables)
	require.Len(t, m.Figures, len(r.Figures))
	// Each chart fills the text column at its own aspect ratio (the Figure's size in Go)
	// and shows all of its text.
	wantText := map[string][]string{
		Lengths:    {"game length (plies", "median", "easy vs random"},
		LengthsCDF: {"share of games ended (cumulative)", "50%"},
		FirstMove:  {"White wins", "Black wins", "White's score"},
		Ratings:    {"Elo", "random", "greedy", "easy"},
		Matrix:     {"random", "greedy", "easy"},
	}
	for i, f := range m.Figures {
		fig := r.Figures[i].Figure
		assert.Equal(t, r.Figures[i].Kind, f.Kind)
		assert.InDelta(t, min(m.Content, MaxChartWidth(r.Figures[i])), f.Width, 1, "%s fills the column up to 1.2 times its size", f.Kind)
		assert.InDelta(t, f.Width*float64(fig.Height)/float64(fig.Width), f.Height, 1.5, "%s keeps its aspect ratio", f.Kind)
		assert.Equal(t, len(f.Texts), f.Shown, "%s: every text laid out", f.Kind)
		all := strings.Join(f.Texts, "\n")
		for _, w := range wantText[f.Kind] {
			assert.Contains(t, all, w, f.Kind)
		}
	}
	assert.Greater(t, m.Content, 800.0, "the text column at a 1280-pixel window")

	checkViewerInBrowser(t, bin, dir, page, r)

	// A screenshot of the whole page for a person to look at (not compared with anything).
	shot := filepath.Join(screenshotDir(t), "report-test.png")
	runChromium(t, bin, pagePath, 1280, m.Height, "--screenshot="+shot)
	data, err := os.ReadFile(shot)
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Equal(t, 1280, img.Bounds().Dx())
	assert.Equal(t, m.Height, img.Bounds().Dy())
	t.Logf("screenshot for a person to look at: %s", shot)
}

// screenshotDir is out/ at the repository root (git-ignored), made if missing.
func screenshotDir(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "out"))
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}

// stepScript steps the viewer through its first and its last game, by the next button
// and the ArrowRight key in turn, and records after each step what the page shows: the
// ply line, the turn, the FEN and, for each of the 45 points, its class, its computed
// fill and its rendered width. At the end it presses ArrowRight once more (nothing may
// change), then ArrowLeft, Home and End.
const stepScript = `<script>
(function () {
  function state() {
    var pts = {};
    document.querySelectorAll("#games svg.board circle[data-point]").forEach(function (c) {
      pts[c.getAttribute("data-point")] = [c.getAttribute("class"), getComputedStyle(c).fill, c.getBBox().width];
    });
    return {ply: document.getElementById("ply").textContent, turn: document.getElementById("turn").textContent,
            fen: document.getElementById("fen").textContent, points: pts};
  }
  function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true})); }
  var sel = document.getElementById("game"), out = [];
  [0, sel.options.length - 1].forEach(function (gi) {
    sel.value = String(gi);
    sel.dispatchEvent(new Event("change"));
    var o = sel.options[gi], steps = [state()], next = document.getElementById("next");
    for (var i = 0; !next.disabled && i < 5000; i++) {
      if (i % 2 === 0) { next.click(); } else { key("ArrowRight"); }
      steps.push(state());
    }
    key("ArrowRight");
    var past = state();
    key("ArrowLeft");
    var back = state();
    key("Home");
    var home = state();
    key("End");
    out.push({run: o.getAttribute("data-run"), index: Number(o.getAttribute("data-index")), steps: steps,
              past: past, back: back, home: home, end: state()});
  });
  var pre = document.createElement("pre"); pre.id = "steps"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>`

type shown struct {
	Ply, Turn, FEN string
	Points         map[string][3]any
}

// checkViewerInBrowser steps through two games of the page's viewer in Chromium and
// checks each board shown against the engine's replay of the game's record, read from
// the run's games.jsonl (not from the page's data).
func checkViewerInBrowser(t *testing.T, bin, dir, page string, r *Report) {
	t.Helper()
	require.NotNil(t, r.Viewer)
	stepPath := filepath.Join(dir, "steps.html")
	require.NoError(t, os.WriteFile(stepPath, []byte(strings.Replace(page, "</body>", stepScript+"</body>", 1)), 0o644))
	dom, log := runChromium(t, bin, stepPath, 1280, 900, "--enable-logging=stderr", "--v=0", "--dump-dom")
	assert.Empty(t, consoleLine.FindAllString(log, -1), "console messages while stepping")
	_, rest, ok := strings.Cut(dom, `<pre id="steps">`)
	require.True(t, ok, "the stepping script ran")
	raw, _, _ := strings.Cut(rest, "</pre>")
	var games []struct {
		Run                   string
		Index                 int
		Steps                 []shown
		Past, Back, Home, End shown
	}
	require.NoError(t, json.Unmarshal([]byte(html.UnescapeString(raw)), &games))
	require.Len(t, games, 2)

	records := map[string]record.Record{}
	for _, f := range r.Files {
		recs, bad, err := record.ReadRecordFiles([]string{f})
		require.NoError(t, err)
		require.Empty(t, bad)
		for _, rec := range recs {
			records[fmt.Sprintf("%s/%d", rec.Run, rec.Index)] = rec
		}
	}
	look := map[string]struct {
		fill  string
		width float64
	}{"white": {"rgb(250, 250, 250)", 2 * 20.4}, "black": {"rgb(30, 30, 30)", 2 * 20.4}, "empty": {"rgb(107, 68, 35)", 8}}
	checkBoard := func(g string, k int, p *engine.Position, s shown, taken engine.Bitboard) {
		t.Helper()
		require.Len(t, s.Points, engine.Points)
		for q := engine.Point(0); q < engine.Points; q++ {
			want := standing(p, q)
			got := s.Points[q.String()]
			class, fill, width := got[0].(string), got[1].(string), got[2].(float64)
			wantFill, wantWidth := look[want].fill, look[want].width
			if taken.Has(q) {
				want += " taken"
				// An emptied point is a ring (radius 11; getBBox leaves the stroke out); a
				// piece that landed there later in its chain is drawn as the piece.
				if !p.Occupied().Has(q) {
					wantFill, wantWidth = "none", 2*11
				}
			}
			require.Equal(t, want, class, "%s ply %d, %s", g, k, q)
			require.Equal(t, wantFill, fill, "%s ply %d, %s: the piece as drawn", g, k, q)
			require.InDelta(t, wantWidth, width, 0.5, "%s ply %d, %s: the piece's size as drawn", g, k, q)
		}
	}
	for _, g := range games {
		id := fmt.Sprintf("%s/%d", g.Run, g.Index)
		rec, ok := records[id]
		require.True(t, ok, "game %s of the viewer is in the records", id)
		require.Equal(t, len(rec.Turns)+1, len(g.Steps), "game %s: one step a ply, and no more", id)
		p := engine.MustParseFEN(rec.Opening)
		rules := rec.Rules.Engine(p.Ply)
		var fens []string
		for k, s := range g.Steps {
			var taken engine.Bitboard
			wantTurn := "the opening"
			if k > 0 {
				tn, err := p.ParseTurn(rules, rec.Turns[k-1])
				require.NoError(t, err)
				taken, wantTurn = tn.Captured, "turn played: "+tn.String()
				p = p.Play(tn)
			}
			assert.Equal(t, fmt.Sprintf("ply %d of %d", k, len(rec.Turns)), s.Ply)
			assert.Equal(t, wantTurn, s.Turn)
			require.Equal(t, p.FEN(), s.FEN, "game %s ply %d", id, k)
			checkBoard(id, k, &p, s, taken)
			fens = append(fens, p.FEN())
		}
		last := len(fens) - 1
		assert.Equal(t, fens[last], g.Past.FEN, "ArrowRight at the last ply stays there")
		if last > 0 {
			assert.Equal(t, fens[last-1], g.Back.FEN, "ArrowLeft steps back")
		}
		assert.Equal(t, fens[0], g.Home.FEN, "Home")
		assert.Equal(t, fens[last], g.End.FEN, "End")
	}
	assert.NotEqual(t, games[0].Index, games[1].Index, "two different games")

	// A screenshot of the viewer alone, a few plies into its first game.
	viewPath := filepath.Join(dir, "viewer.html")
	view := strings.Replace(page, "</style>", "body > *:not(#games) { display: none; }\n</style>", 1)
	view = strings.Replace(view, "</body>", `<script>for (var i = 0; i < 3; i++) { document.getElementById("next").click(); }</script></body>`, 1)
	require.NoError(t, os.WriteFile(viewPath, []byte(view), 0o644))
	shot := filepath.Join(screenshotDir(t), "viewer-test.png")
	runChromium(t, bin, viewPath, 640, 680, "--screenshot="+shot)
	t.Logf("screenshot of the viewer for a person to look at: %s", shot)
}
