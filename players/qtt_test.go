// qtt_test.go: the expert's qtt switch, quiescence probing and storing in the table.

package players

import (
	"context"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestQuiescenceTableKeepsTheFullWindowValue: over an open window, an exact entry is the
// value of its capture line whatever the path to it, so quiescence with the table returns
// what it returns without, from every position here where a capture is compulsory (the
// start and the midgame positions that must capture), in fewer nodes in total.
func TestQuiescenceTableKeepsTheFullWindowValue(t *testing.T) {
	r := engine.DefaultRules()
	run := func(p *engine.Position, table bool) (int, uint64) {
		s := newSearcher(searchConfig{quiesce: true, qMaxPlies: maxPly / 2, hashMB: 1, qsTable: table}, nil)
		s.begin(context.Background(), r, 0, 0)
		return s.qsearch(p, 0, 0, -infinity, infinity), s.nodes
	}
	var withTable, without uint64
	checked := 0
	start := engine.Start()
	for _, f := range append([]string{start.FEN()}, midgameFENs...) {
		p := engine.MustParseFEN(f)
		if !p.CanCapture() {
			continue
		}
		checked++
		want, n0 := run(&p, false)
		got, n1 := run(&p, true)
		assert.Equal(t, want, got, f)
		without += n0
		withTable += n1
	}
	require.GreaterOrEqual(t, checked, 3)
	assert.Less(t, withTable, without, "the table saves no node")
}

// TestQuiescenceTableKeepsItsBounds: one table, then null windows below, at and above
// each position's value V (from a search without the table): a result at or below alpha
// must mean V ≤ alpha, at or above beta V ≥ beta, and between them V itself. The later
// searches meet the bounds the earlier ones stored, which a table misreading a bound
// breaks.
func TestQuiescenceTableKeepsItsBounds(t *testing.T) {
	r := engine.DefaultRules()
	for _, f := range midgameFENs {
		p := engine.MustParseFEN(f)
		if !p.CanCapture() {
			continue
		}
		plain := newSearcher(searchConfig{quiesce: true, qMaxPlies: maxPly / 2}, nil)
		plain.begin(context.Background(), r, 0, 0)
		want := plain.qsearch(&p, 0, 0, -infinity, infinity)
		s := newSearcher(searchConfig{quiesce: true, qMaxPlies: maxPly / 2, hashMB: 1, qsTable: true}, nil)
		s.tt.newSearch()
		for _, alpha := range []int{want - 150, want + 150, want - 40, want + 40, want - 1, want, want - 5, want + 5} {
			s.begin(context.Background(), r, 0, 0)
			v := s.qsearch(&p, 0, 0, alpha, alpha+1)
			switch {
			case v <= alpha:
				assert.LessOrEqual(t, want, alpha, "%s window %d: failed low", f, alpha)
			default:
				assert.GreaterOrEqual(t, want, alpha+1, "%s window %d: failed high", f, alpha)
			}
		}
	}
}

// TestStoreShallowKeepsSearchedEntries: a quiescence result fills an empty slot and
// replaces another quiescence result, but not an entry of this search with depth, nor
// does it lose an older search's slot to it.
func TestStoreShallowKeepsSearchedEntries(t *testing.T) {
	tt := newTransTable(1)
	tt.newSearch()
	const key = 0x1234_5678_9abc_def0
	tt.storeShallow(key, 40, boundLower)
	e, ok := tt.probe(key)
	require.True(t, ok, "an empty slot is filled")
	assert.Equal(t, ttEntry{score: 40, depth: 0, bound: boundLower, gen: tt.gen}, e)

	tt.storeShallow(key, 55, boundExact)
	e, _ = tt.probe(key)
	assert.Equal(t, int16(55), e.score, "a quiescence entry is replaced")

	tt.store(key, 3, 70, boundUpper, 5)
	tt.storeShallow(key, 90, boundExact)
	e, _ = tt.probe(key)
	assert.Equal(t, int16(70), e.score, "an entry with depth stays")
	assert.Equal(t, int8(3), e.depth)

	tt.newSearch()
	tt.storeShallow(key, 90, boundExact)
	e, ok = tt.probe(key)
	require.True(t, ok)
	assert.Equal(t, int16(90), e.score, "an older search's entry gives way")
}
