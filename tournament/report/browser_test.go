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

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The browser test renders a report in headless Chromium, the way a reader opens it.
// Chromium is driven from its command line only (no DevTools protocol, no new
// dependency): --dump-dom gives the DOM after load, --enable-logging=stderr prints every
// console message as an INFO:CONSOLE line, and --screenshot saves what a person would see.
// Sizes are measured by a copy of the page with a measuring script appended; the page
// itself has no script, so any console line at all is a fault.

// chromium finds a Chromium binary: $FANORONA_CHROMIUM, or the usual names on PATH.
func chromium() (string, error) {
	if p := os.Getenv("FANORONA_CHROMIUM"); p != "" {
		return exec.LookPath(p)
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome", "headless_shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no Chromium on PATH (chromium, chromium-browser, google-chrome): .ci/run installs Debian's chromium; or set FANORONA_CHROMIUM")
}

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
	bin, err := chromium()
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
	assert.Equal(t, len(r.Figures), strings.Count(dom, "<svg "), "charts in the DOM")
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
