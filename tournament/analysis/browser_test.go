package analysis

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/chromium"
	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// The browser test drives the page in headless Chromium through the DevTools protocol
// (chromedp): it clicks a chain step by step, asks for an analysis, reads the tables'
// value, opens games and steps through them, and saves a screenshot for a person to look
// at (out/analysis-board.png at the repository root, git-ignored).

// browser starts headless Chromium for the test and returns its context.
func browser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("launches chromium; skipped with -short")
	}
	bin, err := chromium.Find()
	if err != nil {
		t.Skip(err.Error())
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(bin), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.WindowSize(1360, 940), chromedp.UserDataDir(t.TempDir()))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	require.NoError(t, chromedp.Do(ctx)) // the browser starts, living as long as ctx
	tctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	return tctx
}

// boardClasses reads every point's class from the page: "white", "black" or "empty".
func boardClasses(t *testing.T, ctx context.Context) map[string]string {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`(() => { const m = {};
		document.querySelectorAll("#board circle[data-point]").forEach((c) => { m[c.dataset.point] = c.classList[0]; });
		return m; })()`))
	require.NoError(t, err)
	return got
}

// engineClasses is what the board must show for p.
func engineClasses(p *engine.Position) map[string]string {
	m := map[string]string{}
	for pt := engine.Point(0); pt < engine.Points; pt++ {
		switch {
		case p.Pieces[engine.White].Has(pt):
			m[pt.String()] = "white"
		case p.Pieces[engine.Black].Has(pt):
			m[pt.String()] = "black"
		default:
			m[pt.String()] = "empty"
		}
	}
	return m
}

// pageState is what the page's panels say, for a failure's message.
func pageState(ctx context.Context) string {
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`["message", "analysis-info", "lines", "tables", "fen"].map((id) => id + ": " + (document.getElementById(id).value || document.getElementById(id).textContent)).join(" | ")`))
	if err != nil {
		return err.Error()
	}
	return s
}

// click clicks a point of the board.
func click(point string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(chromedp.CSS(`circle.hit[data-hit="`+point+`"]`), chromedp.NodeVisible)
}

// button presses the button of an id (by script: the panels' layout changes as answers
// come, and a mouse click aimed before a change can land beside; the board's points,
// which do not move, get real clicks).
func button(id string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		ok, err := chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const b = document.getElementById(%q); if (!b || b.disabled) return false; b.click(); return true; })()`, id))(ctx, t)
		if err == nil && !ok {
			err = fmt.Errorf("button #%s is missing or disabled", id)
		}
		return err
	})
}

// until waits until a JavaScript expression holds.
func until(expr string, timeout time.Duration) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(20*time.Millisecond))(ctx, t)
		if err != nil {
			return fmt.Errorf("waiting for %s: %w", expr, err)
		}
		return nil
	})
}

// waitFEN waits until the page shows fen: the position the page holds (not just the
// FEN box, which a test may have typed into) and the FEN box.
func waitFEN(fen string) chromedp.Action[chromedp.Void] {
	return until(fmt.Sprintf(`document.body.dataset.fen === %q && document.getElementById("fen").value === %q`, fen, fen), 10*time.Second)
}

// setValue sets an input's or a select's value.
func setValue(id, v string) chromedp.Action[chromedp.Void] {
	return chromedp.SetValue(chromedp.CSS("#"+id), v)
}

func TestBoardInBrowser(t *testing.T) {
	ctx := browser(t)
	set := tables(t, 4)
	_, ts := testServer(t, Config{Rules: engine.DefaultRules(), Tables: set, MaxSearches: 1})
	r := engine.DefaultRules()

	// A chain of three steps clicked point by point, approach chosen at the first: the
	// page shows the engine's position after that turn.
	p := engine.MustParseFEN(chainFEN)
	tn, err := p.ParseTurn(r, "f3-e3A-d4W-d3A")
	require.NoError(t, err)
	want := p.Play(tn)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/?fen="+url.QueryEscape(chainFEN)),
		waitFEN(p.FEN()),
		click("f3"), click("e3"),
		until(`!document.getElementById("choice").hidden`, 5*time.Second),
		button("choose-approach"),
		until(`document.getElementById("choice").hidden`, 5*time.Second),
		click("d4"), click("d3"),
		waitFEN(want.FEN()),
	))
	assert.Equal(t, engineClasses(&want), boardClasses(t, ctx))
	// Everything the page loaded came from the server: it works with the network cut.
	origins, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`performance.getEntriesByType("resource").map((e) => new URL(e.name).origin)`))
	require.NoError(t, err)
	assert.NotEmpty(t, origins)
	for _, o := range origins {
		assert.Equal(t, ts.URL, o)
	}
	moves, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS("#moves")))
	require.NoError(t, err)
	assert.Equal(t, "f3-e3A-d4W-d3A", strings.TrimSpace(moves))

	// The board flipped: a1 drawn at the top right, beyond i5; flipped back.
	corner := `(() => { const a = document.querySelector('circle[data-point="a1"]').getBoundingClientRect(),
		i = document.querySelector('circle[data-point="i5"]').getBoundingClientRect(); return [a.x > i.x && a.y < i.y, a.x < i.x && a.y > i.y]; })()`
	require.NoError(t, chromedp.Do(ctx, button("flip")))
	flipped, err := chromedp.Run(ctx, chromedp.Evaluate[[]bool](corner))
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, button("flip")))
	upright, err := chromedp.Run(ctx, chromedp.Evaluate[[]bool](corner))
	require.NoError(t, err)
	assert.Equal(t, []bool{true, false}, flipped, "flipped: a1 at the top right")
	assert.Equal(t, []bool{false, true}, upright, "upright: a1 at the bottom left")

	// Undo and redo walk the history; a chain stopped after two steps is a turn too.
	stopped, err := p.ParseTurn(r, "f3-e3A-d4W")
	require.NoError(t, err)
	afterStop := p.Play(stopped)
	require.NoError(t, chromedp.Do(ctx,
		button("undo"), waitFEN(p.FEN()),
		button("redo"), waitFEN(want.FEN()),
		button("undo"), waitFEN(p.FEN()),
		click("f3"), click("e3"), button("choose-approach"), click("d4"),
		until(`!document.getElementById("stop").disabled`, 5*time.Second),
		button("stop"),
		waitFEN(afterStop.FEN()),
	))
	assert.Equal(t, engineClasses(&afterStop), boardClasses(t, ctx))

	// An analysis: two lines, each beginning with a legal turn of the position.
	require.NoError(t, chromedp.Do(ctx,
		setValue("multipv", "2"), setValue("atime", "3s"),
		button("analyse"),
		until(`document.querySelectorAll("#lines li").length === 2 && /depth ([2-9]|[1-9][0-9])/.test(document.getElementById("analysis-info").textContent)`, 20*time.Second),
	))
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#lines li")).map((li) => li.textContent)`))
	require.NoError(t, err)
	require.Len(t, lines, 2)
	for _, l := range lines {
		fields := strings.Fields(l)
		require.GreaterOrEqual(t, len(fields), 2, l)
		_, err := afterStop.ParseTurn(r, fields[1])
		assert.NoError(t, err, "line %q", l)
	}

	// The tables' value of a position they cover, as the tables give it.
	small := engine.MustParseFEN("9/9/2W1W4/3B1B3/9 w")
	v, err := set.Probe(&small, tablebase.PaikaRule(r.PaikaLimit))
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx,
		setValue("fen", small.FEN()),
		button("set-fen"),
		waitFEN(small.FEN()),
		until(`document.querySelector("#tables .value") !== null`, 10*time.Second),
	))
	tablesText, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS("#tables .value")))
	require.NoError(t, err)
	assert.Equal(t, v.String(), tablesText)

	// Games of a games.jsonl opened and stepped through: every ply's FEN the engine's.
	recs := playedGames(t)
	games := filepath.Join(t.TempDir(), "games.jsonl")
	f, err := os.Create(games)
	require.NoError(t, err)
	require.NoError(t, record.WriteRecords(f, recs))
	require.NoError(t, f.Close())
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetUploadFiles(chromedp.CSS("#games-file"), []string{games}),
		until(`document.querySelectorAll("#games option").length === 2`, 10*time.Second),
		waitFEN(engine.StartFEN),
	))
	g := engine.Start()
	for i, s := range recs[0].Turns[:min(12, len(recs[0].Turns))] {
		tn, err := g.ParseTurn(r, s)
		require.NoError(t, err)
		g = g.Play(tn)
		step := button("redo")
		if i%2 == 1 {
			step = chromedp.KeyEvent(kb.ArrowRight)
		}
		require.NoError(t, chromedp.Do(ctx, step, waitFEN(g.FEN())), "ply %d", i+1)
	}
	assert.Equal(t, engineClasses(&g), boardClasses(t, ctx))

	// The screenshot: the longest win of 2v2 (docs/ENDGAMES.md), with the tables' value
	// and the expert's lines beside.
	shown := engine.MustParseFEN("9/9/B8/9/3WW3B w 0 0")
	require.NoError(t, chromedp.Do(ctx,
		setValue("fen", shown.FEN()),
		button("set-fen"),
		waitFEN(shown.FEN()),
		setValue("multipv", "3"),
		button("analyse"),
		until(`document.querySelectorAll("#lines li").length === 3 && document.querySelector("#tables .value") !== null && /done/.test(document.getElementById("analysis-info").textContent)`, 20*time.Second),
	), "%s", pageState(ctx))
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(shot))
	require.NoError(t, err)
	assert.Greater(t, img.Bounds().Dx(), 1000)
	dir, err := filepath.Abs(filepath.Join("..", "..", "out"))
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, "analysis-board.png")
	require.NoError(t, os.WriteFile(path, shot, 0o644))
	t.Logf("screenshot for a person to look at: %s", path)
}
