package report

import (
	"context"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/internal/chromium"
	"github.com/fanorona/fanorona/tournament"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// movesRun is a short run of easy (which reports its scores) against random (which
// reports nothing), with move data, from the start position.
func movesRun(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	c := tournament.Config{Format: tournament.RoundRobin, Players: []string{"easy", "random"}, Games: 4,
		Openings: "start", Seed: 3, Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1, MoveData: true}
	_, err := tournament.Run(context.Background(), c, tournament.Options{Out: dir})
	require.NoError(t, err)
	return dir
}

// The viewer's games carry their score curve: White's view of each mover's score, by ply
// (null at the opening and on random's turns); the page holds the curve and its script
// only then.
func TestViewerScoreCurve(t *testing.T) {
	r, page := buildHTML(t, movesRun(t))
	require.NotNil(t, r.Viewer)
	require.True(t, r.Viewer.Curve)
	for _, g := range r.Viewer.Games {
		rec := g.Record
		require.Equal(t, engine.StartFEN, rec.Opening)
		require.Len(t, g.Scores, len(rec.Turns)+1)
		assert.Nil(t, g.Scores[0], "the opening has no score")
		for i, m := range rec.MoveData {
			whiteMoved := i%2 == 0 // from the start White moves first, and sides alternate turn by turn
			mover := rec.Black
			if whiteMoved {
				mover = rec.White
			}
			if mover == "random" {
				assert.Nil(t, g.Scores[i+1], "game %d ply %d: random reports no score", rec.Index, i+1)
				continue
			}
			require.NotNil(t, m.Score)
			require.NotNil(t, g.Scores[i+1], "game %d ply %d", rec.Index, i+1)
			want := *m.Score
			if !whiteMoved {
				want = -want
			}
			assert.Equal(t, want, *g.Scores[i+1], "game %d ply %d: White's view", rec.Index, i+1)
		}
	}
	assert.Contains(t, page, `<svg class="curve" id="curve"`)
	assert.Contains(t, page, "function drawCurve(game, last)")
	assert.Contains(t, page, `"s":[null,`)

	_, plain := buildHTML(t, smallRun(t))
	for _, s := range []string{`id="curve"`, "drawCurve", "svg.curve", `"s":[`} {
		assert.False(t, strings.Contains(plain, s), "a run without move data draws no curve: %s", s)
	}
}

// In a browser the curve has a point a scored ply of the game shown, and its marker
// follows the ply.
func TestViewerScoreCurveInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("launches chromium; skipped with -short")
	}
	bin, err := chromium.Find()
	if err != nil {
		t.Skip(err.Error())
	}
	r, page := buildHTML(t, movesRun(t))
	g := r.Viewer.Games[0]
	scored := 0
	for _, s := range g.Scores {
		if s != nil {
			scored++
		}
	}
	require.Greater(t, len(g.Plies), 4)
	dir := t.TempDir()
	path := filepath.Join(dir, "curve.html")
	probe := `<script>for (var i = 0; i < 3; i++) { document.getElementById("next").click(); }
var c = document.getElementById("curve"), pre = document.createElement("pre"); pre.id = "probe";
pre.textContent = c.querySelector(".scores").points.numberOfItems + " " + c.querySelector(".now").getAttribute("x1");
document.body.appendChild(pre);</script></body>`
	require.NoError(t, os.WriteFile(path, []byte(strings.Replace(page, "</body>", probe, 1)), 0o644))
	dom, log := runChromium(t, bin, path, 1280, 900, "--enable-logging=stderr", "--v=0", "--dump-dom")
	assert.Empty(t, consoleLine.FindAllString(log, -1), "console messages")
	_, rest, ok := strings.Cut(dom, `<pre id="probe">`)
	require.True(t, ok, "the probe ran")
	got, _, _ := strings.Cut(rest, "</pre>")
	n, x, _ := strings.Cut(html.UnescapeString(got), " ")
	assert.Equal(t, strconv.Itoa(scored), n, "one point a scored ply")
	assert.Equal(t, fmt.Sprintf("%.1f", 3*584/float64(len(g.Plies)-1)), x, "the marker at ply 3")
}

// Games ended by score are listed among the lengths table's endings.
func TestEndingsListScoreAdjudication(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	c := tournament.Config{Format: tournament.SelfPlay, Players: []string{"easy"}, Games: 4, Openings: "random:4", Seed: 3,
		Rules: record.RulesFrom(engine.DefaultRules(), 300), Concurrency: 1,
		ScoreAdjudication: tournament.ScoreAdjudication{ResignMoves: 1, ResignScore: 100}}
	_, err := tournament.Run(context.Background(), c, tournament.Options{Out: dir})
	require.NoError(t, err)
	r, _ := buildHTML(t, dir)
	var row []string
	for _, tb := range r.Tables {
		if tb.ID == "lengths" {
			require.Len(t, tb.Rows, 1)
			row = tb.Rows[0]
		}
	}
	require.NotNil(t, row)
	assert.Contains(t, row[len(row)-1], "resign-adjudication 4")
}
