// standing_test.go: the opening's standing from the committed ledger, and the top
// recomputed as AND/OR when replies are refuted, won, or split into jobs.

package proof

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// committedLedger is the repository's ledger of the opening.
const committedLedger = "../../docs/results/opening"

func turnOf(t *testing.T, s Standing, turn string) TurnStanding {
	for _, ts := range s.Turns {
		if ts.Turn == turn {
			return ts
		}
	}
	require.Failf(t, "no such first turn", turn)
	return TurnStanding{}
}

func replyOf(t *testing.T, ts TurnStanding, reply string) ReplyStanding {
	for _, r := range ts.Replies {
		if r.Reply == reply {
			return r
		}
	}
	require.Failf(t, "no such reply", "%s %s", ts.Turn, reply)
	return ReplyStanding{}
}

// TestStandingOfTheCommittedLedger: the replies of each first turn, the refutations the
// ledger holds (docs/OPENING.md, "Proven so far"), and totals read from the file by hand:
// decided lines, nodes (every job's, a certificate's once) and bytes once per certificate. The ledger grows with each stretch
// of the campaign, so nothing that a new line can change is pinned.
func TestStandingOfTheCommittedLedger(t *testing.T) {
	l, err := ReadLedger(committedLedger)
	require.NoError(t, err)
	s := OpeningStanding(l, 50)

	raw, err := os.ReadFile(filepath.Join(committedLedger, "ledger.jsonl"))
	require.NoError(t, err)
	decided, nodes, bytes := 0, uint64(0), int64(0)
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var e struct {
			Result, Certificate string
			Nodes               uint64
		}
		require.NoError(t, json.Unmarshal([]byte(line), &e))
		if e.Result == "unknown" { // a split job's search: its nodes count, it decided nothing
			nodes += e.Nodes
			continue
		}
		if seen[e.Certificate] {
			continue
		}
		seen[e.Certificate] = true
		decided++
		nodes += e.Nodes
		fi, err := os.Stat(filepath.Join(committedLedger, e.Certificate))
		require.NoError(t, err)
		bytes += fi.Size()
	}
	require.GreaterOrEqual(t, decided, 3, "the three first refutations at least")
	assert.Equal(t, decided, s.Decided)
	assert.Equal(t, nodes, s.Nodes)
	assert.Equal(t, bytes, s.CertificateBytes)

	replies := map[string]int{"d2-e3A": 10, "d3-e3A": 4, "d3-e3W": 18, "e2-e3A": 2, "f2-e3A": 5}
	require.Len(t, s.Turns, len(replies))
	var inTrees uint64
	for _, ts := range s.Turns {
		inTrees += ts.Nodes
		assert.Len(t, ts.Replies, replies[ts.Turn], ts.Turn)
		open, refuted, whole := 0, 0, 0
		for _, r := range ts.Replies {
			switch r.Outcome {
			case "open":
				open++
				if !r.Split {
					whole++
				}
			case "white-not-loses":
				refuted++
			}
		}
		if ts.Outcome == "open" && refuted+open == len(ts.Replies) && whole == open {
			// "Black wins" needs one reply; its refutation every open one (a split reply's
			// numbers are its children's, so only replies not split are counted here).
			assert.Equal(t, uint32(open), ts.DisproofNumber, ts.Turn)
			assert.Equal(t, uint32(1), ts.ProofNumber, ts.Turn)
		}
	}
	// Every job of the campaign lies below one first turn, none below two.
	assert.Equal(t, nodes, inTrees, "the first turns' trees share out the ledger's nodes")
	d3 := turnOf(t, s, "d3-e3A")
	assert.Equal(t, "white-not-loses", replyOf(t, d3, "d4-d3A").Outcome)
	assert.Equal(t, "d3-e3A.f4-f3A.white-not-loses.fpc.gz", replyOf(t, d3, "f4-f3A").Certificate)
	assert.Equal(t, "white-not-loses", replyOf(t, turnOf(t, s, "d2-e3A"), "g4-g5W-f4A-g3A").Outcome)

	var back Standing
	s.Format = "json"
	require.NoError(t, json.Unmarshal([]byte(s.String()), &back))
	assert.Equal(t, s.Turns, back.Turns)
	s.Format = "markdown"
	// The open replies' nodes grow with the campaign: the row is pinned up to them.
	assert.Contains(t, s.String(), "| `d3-e3A` | 4 | `d4-d3A` (1,872,568 nodes), `f4-f3A` (3,759,788 nodes) | — | `c3-d3A`")
	s.Format = ""
	assert.Contains(t, s.String(), "d3-e3A  open: 4 replies, 2 white-not-loses, 0 black-wins, 2 open")
}

// TestStandingIsTheAndOrOfTheLedger: every reply refuted proves "White does not lose";
// one reply won proves "Black wins"; a split reply is decided through its children.
func TestStandingIsTheAndOrOfTheLedger(t *testing.T) {
	l, err := ReadLedger(committedLedger)
	require.NoError(t, err)
	d3 := turnOf(t, OpeningStanding(l, 50), "d3-e3A")
	fenOf := func(reply string) string { return replyOf(t, d3, reply).FEN }

	refuted := &Ledger{Entries: append(append([]LedgerEntry{}, l.Entries...),
		ledgerLine(fenOf("c3-d3A"), "black-wins", "disproven", "x.fpc.gz"),
		ledgerLine(fenOf("c3-d3W"), "white-wins", "proven", "y.fpc.gz"))}
	assert.Equal(t, "white-not-loses", turnOf(t, OpeningStanding(refuted, 50), "d3-e3A").Outcome,
		"a win for White after a reply refutes it too")

	won := &Ledger{Entries: append(append([]LedgerEntry{}, l.Entries...),
		ledgerLine(fenOf("c3-d3W"), "black-wins", "proven", "z.fpc.gz"))}
	st := turnOf(t, OpeningStanding(won, 50), "d3-e3A")
	assert.Equal(t, "black-wins", st.Outcome)
	assert.Equal(t, uint32(0), st.ProofNumber)

	// c3-d3A split: White moves there, so one child where White does not lose refutes it.
	p := engine.MustParseFEN(fenOf("c3-d3A"))
	var seen engine.ResultSet
	turns := p.DistinctTurns(Rules(50), nil, &seen)
	require.Greater(t, len(turns), 1)
	child := normalise(p.Play(turns[len(turns)-1]), 50)
	split := ledgerLine(fenOf("c3-d3A"), "black-wins", "unknown", "")
	split.Split = true
	open := &Ledger{Entries: append(append([]LedgerEntry{}, l.Entries...), split)}
	r := replyOf(t, turnOf(t, OpeningStanding(open, 50), "d3-e3A"), "c3-d3A")
	assert.Equal(t, "open", r.Outcome)
	assert.True(t, r.Split)
	splitDone := &Ledger{Entries: append(open.Entries, ledgerLine(child.FEN(), "white-not-loses", "proven", "w.fpc.gz"))}
	ts := turnOf(t, OpeningStanding(splitDone, 50), "d3-e3A")
	assert.Equal(t, "white-not-loses", replyOf(t, ts, "c3-d3A").Outcome)
	// c3-d3W alone left: the disproof number (a sum over Black's open replies) loses
	// c3-d3A's share and keeps c3-d3W's, at least 1 (its value depends on the ledger's growth).
	assert.Less(t, ts.DisproofNumber, d3.DisproofNumber, "c3-d3A's share gone")
	assert.Greater(t, ts.DisproofNumber, uint32(0), "c3-d3W alone left")
	assert.True(t, strings.HasPrefix(ts.FEN, "BBBBBBBBB/"), ts.FEN)

	// A first turn's nodes: its jobs and, below a split job, its children's; a job below
	// a position not split lies in no tree of the top.
	grandchild := normalise(child.Play(child.DistinctTurns(Rules(50), nil, &seen)[0]), 50)
	lines := []LedgerEntry{split, ledgerLine(child.FEN(), "white-not-loses", "proven", "w.fpc.gz"),
		ledgerLine(fenOf("c3-d3W"), "black-wins", "disproven", "v.fpc.gz"), ledgerLine(grandchild.FEN(), "black-wins", "proven", "u.fpc.gz")}
	for i := range lines {
		lines[i].Nodes = uint64(1) << (10 * i)
	}
	tree := turnOf(t, OpeningStanding(&Ledger{Entries: lines}, 50), "d3-e3A")
	assert.Equal(t, uint64(1+1<<10+1<<20), tree.Nodes)
}

// TestOpeningDocShowsTheLedgersStanding: docs/OPENING.md's standing table is the one
// `prove --opening --ledger docs/results/opening --status --markdown` writes.
func TestOpeningDocShowsTheLedgersStanding(t *testing.T) {
	l, err := ReadLedger(committedLedger)
	require.NoError(t, err)
	doc, err := os.ReadFile("../../docs/OPENING.md")
	require.NoError(t, err)
	s := OpeningStanding(l, 50)
	s.Format = "markdown"
	assert.Contains(t, string(doc), s.String()+"\n", "rewrite the table with the command")
}
