// query_test.go: a solve asked for by FEN and folder option, its refusals, the note when
// no table answered, and the collection said as text.

package puzzles

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQueryRefusals(t *testing.T) {
	_, badFEN := engine.ParseFEN("bad")
	for _, c := range []struct {
		q    Query
		want string
	}{
		{Query{FEN: "bad", Time: 0}, badFEN.Error()},
		{Query{FEN: engine.StartFEN, MaxDepth: -1}, "--time 0s: must be positive"},
		{Query{FEN: engine.StartFEN, Time: time.Second, MaxDepth: -1}, "--max-depth -1: must be 0 or more"},
		{Query{FEN: engine.StartFEN, Time: time.Second, PaikaLimit: -3}, "--paika-limit -3: must be 0 (theoretic values, no limit) to 127"},
	} {
		_, err := Run(context.Background(), c.q)
		var ie *proof.InputError
		require.ErrorAs(t, err, &ie, "%+v", c.q)
		assert.Equal(t, c.want, ie.Text(func(o string) string { return "--" + o }), "%+v", c.q)
	}
	_, err := Run(context.Background(), Query{FEN: engine.StartFEN, Time: time.Second, Tablebases: filepath.Join(t.TempDir(), "none")})
	var ie *proof.InputError
	require.ErrorAs(t, err, &ie, "a refusal of the folder as of the query")
	assert.ErrorIs(t, err, tablebase.ErrNoFolder)
}

func TestQueryAnswersFromTablesAndSaysWhenNoneAnswered(t *testing.T) {
	// e3-f4W-f3A takes both black pieces: a win in one ply.
	const fen = "9/9/2W1W4/3B1B3/9 w"
	a, err := Run(context.Background(), Query{FEN: fen, Tablebases: builtTables(t), Time: time.Second, PaikaLimit: 0})
	require.NoError(t, err)
	assert.Equal(t, Record{FEN: fen + " 0 0", Value: "win", Plies: a.Record.Plies, Exact: true, Source: "tablebase",
		Line: []string{"e3-f4W-f3A"}}, a.Record)
	require.NotNil(t, a.Record.Plies)
	assert.Equal(t, 1, *a.Record.Plies)
	assert.Empty(t, a.NoTables)

	// The start, one ply deep without tables: unknown, and the note names the build.
	a, err = Run(context.Background(), Query{FEN: engine.StartFEN, Tablebases: tablebase.Off, Time: time.Second, MaxDepth: 1, PaikaLimit: 7})
	require.NoError(t, err)
	assert.False(t, a.Result.Known)
	assert.Equal(t, "no tablebases answered (--tablebases none); building those of up to 5 pieces takes about 10 s: "+
		"fanorona tablebase build --max-pieces 5 --paika-limit 7", a.NoTables)
	a, err = Run(context.Background(), Query{FEN: engine.StartFEN, Tablebases: builtTables(t), Time: time.Second, MaxDepth: 1, PaikaLimit: 50})
	require.NoError(t, err)
	assert.Empty(t, a.NoTables, "the folder holds tables of the rule")
	empty := t.TempDir()
	a, err = Run(context.Background(), Query{FEN: engine.StartFEN, Tablebases: empty, Time: time.Second, MaxDepth: 1, PaikaLimit: 50})
	require.NoError(t, err)
	assert.Equal(t, "no tablebases answered ("+empty+" holds no tables of paika limit 50); building those of up to 5 pieces takes about 10 s: "+
		"fanorona tablebase build --max-pieces 5 --tablebases "+empty, a.NoTables)
}

func TestPuzzleQueryIsUnderItsRule(t *testing.T) {
	p, err := Named("longest-2v1")
	require.NoError(t, err)
	assert.Equal(t, Query{FEN: p.FEN, Tablebases: "tb", PaikaLimit: 0, Time: time.Second}, p.Query("tb", time.Second))
}

func TestCollectionAsText(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteList(&buf, false))
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	require.Len(t, lines, len(Collection()))
	// The columns two spaces apart, as the command printed them before this package did.
	assert.Equal(t, "longest-2v1                     longest-win      win in 29    Two against one: the longest win, 29 plies.", lines[0])
	buf.Reset()
	require.NoError(t, WriteList(&buf, true))
	var e Entry
	require.NoError(t, json.NewDecoder(&buf).Decode(&e))
	assert.Equal(t, "longest-2v1", e.Name)
	p, err := Named("longest-2v1")
	require.NoError(t, err)
	buf.Reset()
	require.NoError(t, p.WriteText(&buf))
	text := buf.String()
	assert.True(t, strings.HasPrefix(text, "longest-2v1 (longest-win)\nTwo against one"), text)
	assert.Contains(t, text, "\nFEN: 9/9/W8/1B7/3W5 w 0 0\nWhite to move: win in 29\n")
}

func TestAnswerWrittenAsTextOrJSON(t *testing.T) {
	p := engine.MustParseFEN("9/9/9/9/W1B6 w 0 0")
	a := Answer{Record: Result{Depth: 3, Nodes: 99}.Record(&p, 0)}
	var buf bytes.Buffer
	require.NoError(t, a.Write(&buf, false))
	assert.Equal(t, "9/9/9/9/W1B6 w 0 0  unknown within budget (searched 3 plies, 99 nodes)\n", buf.String())
	a.Puzzle = &Puzzle{Name: "some-puzzle"}
	buf.Reset()
	require.NoError(t, a.Write(&buf, false))
	assert.Equal(t, "some-puzzle: 9/9/9/9/W1B6 w 0 0  unknown within budget (searched 3 plies, 99 nodes)\n", buf.String())
	buf.Reset()
	require.NoError(t, a.Write(&buf, true))
	assert.JSONEq(t, `{"fen":"9/9/9/9/W1B6 w 0 0","value":"unknown","plies":null,"paika_limit":0,"exact":false,"line":[],"depth":3,"nodes":99}`,
		buf.String(), "the record alone, the puzzle's name not in it")
}

func TestSolveNamed(t *testing.T) {
	_, err := SolveNamed(context.Background(), "longest-9v9", tablebase.Off, time.Second)
	var ie *proof.InputError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, `no puzzle named "longest-9v9" (see: fanorona puzzles list)`, ie.Error())
	_, err = SolveNamed(context.Background(), "longest-2v1", tablebase.Off, 0)
	require.ErrorAs(t, err, &ie, "the query's refusals as Run's")
	assert.Equal(t, "time 0s: must be positive", ie.Error())
	a, err := SolveNamed(context.Background(), "withdraw-3v3", tablebase.Off, 10*time.Millisecond)
	require.NoError(t, err)
	require.NotNil(t, a.Puzzle)
	assert.Equal(t, "withdraw-3v3", a.Puzzle.Name)
	assert.Equal(t, "9/9/2W6/1B2B4/WW2B4 w 0 0", a.Record.FEN)
	assert.Equal(t, 0, a.Record.PaikaLimit, "under the puzzle's rule: theoretic")
}

func TestPuzzleStartsWithItsTurn(t *testing.T) {
	p, err := Named("withdraw-3v3")
	require.NoError(t, err)
	pos, turn := p.Start()
	assert.Equal(t, "9/9/2W6/1B2B4/WW2B4 w 0 0", pos.FEN())
	assert.Equal(t, "c3-d4W", turn.String())
	p.Turn = "a1-a2"
	assert.Panics(t, func() { p.Start() }, "an illegal turn is a broken collection")
}
