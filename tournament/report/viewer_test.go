package report

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/engine/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lengthRecords are 20 games whose lengths are their index + 3 but for game 7 (the
// longest, 40 plies) and game 12 (the shortest, 1 ply); games 5 and 15 are forfeits.
func lengthRecords() []record.Record {
	var recs []record.Record
	for i := 0; i < 20; i++ {
		n := i + 3
		switch i {
		case 7:
			n = 40
		case 12:
			n = 1
		}
		r := handRecord(i, i/2, "A", "B", "1-0", make([]string, n)...)
		if i == 5 || i == 15 {
			r.Reason, r.Forfeit = "crash", "engine exited"
		}
		recs = append(recs, r)
	}
	return recs
}

func chosen(seed uint64, recs []record.Record) map[int][]string {
	n := notable{seed: seed}
	for i := range recs {
		n.add(&recs[i])
	}
	out := map[int][]string{}
	for _, g := range n.games() {
		out[g.Index] = g.Labels
	}
	return out
}

func TestViewerPicksNotableGames(t *testing.T) {
	recs := lengthRecords()
	got := chosen(1, recs)
	assert.Equal(t, []string{LabelLongest}, got[7])
	assert.Equal(t, []string{LabelShortest}, got[12])
	assert.Equal(t, []string{LabelForfeit}, got[5])
	assert.Equal(t, []string{LabelForfeit}, got[15])
	sampled := 0
	for i, labels := range got {
		if labels[0] == LabelSampled {
			sampled++
			assert.NotContains(t, []int{5, 7, 12, 15}, i)
		}
	}
	assert.Equal(t, SampledGames, sampled)
	assert.Len(t, got, 4+SampledGames)

	// The draw depends on the games and the seed, not on the order the records come in.
	shuffled := append([]record.Record(nil), recs...)
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	assert.Equal(t, got, chosen(1, shuffled))
	assert.NotEqual(t, got, chosen(2, recs), "another seed, another sample")

	// A game that is both the longest and the shortest is shown once with both labels.
	one := []record.Record{handRecord(0, 0, "A", "B", "1-0", "x")}
	assert.Equal(t, map[int][]string{0: {LabelLongest, LabelShortest}}, chosen(1, one))
	// Fewer games than the sample: every game, none twice.
	few := lengthRecords()[:4]
	assert.Len(t, chosen(1, few), 4)
}

// TestViewerPliesReplayTheRecord checks every viewer game of a played run against the
// engine's replay of its record, read again from games.jsonl: one position a ply, the
// turn that led there, its path and its captures, and the board string point by point.
func TestViewerPliesReplayTheRecord(t *testing.T) {
	dir := smallRun(t)
	r, _ := buildHTML(t, dir)
	require.NotNil(t, r.Viewer)
	assert.Equal(t, uint64(7), r.Viewer.Seed, "the run's seed")
	records := map[int]record.Record{}
	for _, rec := range readTestRecords(t, record.GamesPath(dir)) {
		records[rec.Index] = rec
	}
	require.Len(t, records, 12)
	assert.Len(t, r.Viewer.Games, 2+SampledGames, "no forfeits in this run")
	longest, shortest := 0, 1<<30
	for _, rec := range records {
		longest, shortest = max(longest, rec.Plies), min(shortest, rec.Plies)
	}
	assert.Equal(t, longest, r.Viewer.Games[0].Record.Plies)
	assert.Equal(t, shortest, r.Viewer.Games[1].Record.Plies)
	for _, g := range r.Viewer.Games {
		rec, ok := records[g.Index]
		require.True(t, ok)
		require.Len(t, g.Plies, len(rec.Turns)+1, "game %d", g.Index)
		p := engine.MustParseFEN(rec.Opening)
		rules := rec.Rules.Engine(p.Ply)
		for k, ply := range g.Plies {
			if k > 0 {
				tn, err := p.ParseTurn(rules, rec.Turns[k-1])
				require.NoError(t, err)
				assert.Equal(t, rec.Turns[k-1], ply.Turn)
				assert.Equal(t, 2*(int(tn.Len)+1), len(ply.Path), "game %d ply %d: the path's points", g.Index, k)
				assert.True(t, strings.HasPrefix(ply.Path, tn.From.String()) && strings.HasSuffix(ply.Path, tn.To.String()))
				assert.Equal(t, 2*tn.Captured.Count(), len(ply.Taken))
				for i := 0; i+1 < len(ply.Taken); i += 2 {
					q, ok := engine.ParsePoint(ply.Taken[i : i+2])
					require.True(t, ok)
					assert.True(t, tn.Captured.Has(q))
				}
				p = p.Play(tn)
			}
			require.Equal(t, p.FEN(), ply.FEN, "game %d ply %d", g.Index, k)
			for q := engine.Point(0); q < engine.Points; q++ {
				want := map[string]string{"white": "W", "black": "B", "empty": "."}[standing(&p, q)]
				require.Equal(t, want, ply.Board[q:q+1], "game %d ply %d point %s", g.Index, k, q)
			}
		}
	}
}

// TestViewerLeavesOutGamesThatDoNotReplay: a record whose turn is illegal is named in
// the warnings and not shown.
func TestViewerLeavesOutGamesThatDoNotReplay(t *testing.T) {
	good := handRecord(0, 0, "A", "B", "1-0", "e2-e3A")
	bad := handRecord(1, 0, "B", "A", "1-0", "e2-e3A", "e2-e3A", "a1-a2")
	n := notable{}
	n.add(&good)
	n.add(&bad)
	v, warnings, err := buildViewer(&n)
	require.NoError(t, err)
	require.Len(t, v.Games, 1)
	assert.Equal(t, 0, v.Games[0].Index)
	require.Len(t, warnings, 1)
	assert.Contains(t, warnings[0], fmt.Sprintf("game %d, ply 2", 1))
}

// standing names what stands on q in p: "white", "black" or "empty".
func standing(p *engine.Position, q engine.Point) string {
	switch {
	case p.Pieces[engine.White].Has(q):
		return "white"
	case p.Pieces[engine.Black].Has(q):
		return "black"
	}
	return "empty"
}
