// check_test.go: the checker refuses certificates changed in each way that breaks a
// proof, with one line naming the position.

package proof

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// provenSection returns, from a seeded sample of 4-piece positions proven with the tables
// of at most 3 pieces under paika limit 50, the first certificate of a win with a prover
// record, a defender record and a table leaf.
func provenSection(t *testing.T) (Section, string) {
	dir := builtTables(t)
	provenOnce.Do(func() { provenSec, provenOK = findProvenSection(t, dir) })
	if !provenOK {
		t.Fatal("no certificate of the sample has every kind of record")
	}
	return copySection(provenSec), dir
}

var (
	provenOnce sync.Once
	provenSec  Section
	provenOK   bool
)

func findProvenSection(t *testing.T, dir string) (Section, bool) {
	pr, err := NewProver(Options{PaikaLimit: 50, Tables: FromSet(tablebase.Open(dir), 3), TTEntries: 1 << 16})
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(11, 0))
	for i := 0; i < 500; i++ {
		p := RandomPosition(rng, 4)
		res, sec, err := pr.Prove(context.Background(), p, Claim{p.Side, Wins}, Budget{Nodes: 100_000}, "test")
		require.NoError(t, err)
		if res.Outcome != Proven {
			continue
		}
		types := map[string]int{}
		for _, r := range sec.Records {
			types[r.Type]++
		}
		if types[RecordProve] >= 2 && types[RecordDefend] >= 2 && types[RecordTable] >= 2 {
			return *sec, true
		}
	}
	return Section{}, false
}

// copySection returns a deep copy, so that each test changes its own.
func copySection(s Section) Section {
	c := s
	c.Records = append([]Record(nil), s.Records...)
	c.Header.Tables = append([]TableSum(nil), s.Header.Tables...)
	return c
}

// refused asserts that checking s fails with one line naming a position of the proof.
func refused(t *testing.T, s Section, dir string, fen string) {
	t.Helper()
	_, err := Check(&Certificate{Sections: []Section{s}}, FromSet(tablebase.Open(dir), 3), FileVerifier(dir))
	var r *Refusal
	require.True(t, errors.As(err, &r), "want a refusal, got %v", err)
	assert.NotContains(t, err.Error(), "\n")
	assert.Equal(t, fen, r.FEN, err.Error())
	assert.True(t, strings.HasPrefix(err.Error(), "position "+fen+": "), err.Error())
}

func TestCheckerAcceptsTheSearchsCertificate(t *testing.T) {
	sec, dir := provenSection(t)
	var buf bytes.Buffer
	require.NoError(t, (&Certificate{Sections: []Section{sec}}).Write(&buf))
	c, err := Read(&buf)
	require.NoError(t, err)
	rep, err := Check(c, FromSet(tablebase.Open(dir), 3), FileVerifier(dir))
	require.NoError(t, err)
	assert.Equal(t, len(sec.Records), rep.Nodes, "every record is reached from the root")
	assert.Equal(t, "win", rep.Value)
	assert.NotEmpty(t, rep.Tables)
}

// recordsByFEN indexes a section's records.
func recordsByFEN(s Section) map[string]int {
	m := map[string]int{}
	for i, r := range s.Records {
		m[r.FEN] = i
	}
	return m
}

func childFEN(p *engine.Position, t engine.Turn) string {
	q := p.Play(t)
	q = engine.NewPosition(q.Pieces[0], q.Pieces[1], q.Side, q.Paika, 0)
	return q.FEN()
}

func TestCheckerRefusesAChangedProverTurn(t *testing.T) {
	sec, dir := provenSection(t)
	byFEN := recordsByFEN(sec)
	for i, r := range sec.Records {
		if r.Type != RecordProve {
			continue
		}
		p := engine.MustParseFEN(r.FEN)
		var seen engine.ResultSet
		for _, turn := range p.DistinctTurns(Rules(50), nil, &seen) {
			child := childFEN(&p, turn)
			if _, ok := byFEN[child]; ok || turn.String() == r.Turn {
				continue
			}
			bad := copySection(sec)
			bad.Records[i].Turn = turn.String()
			refused(t, bad, dir, child) // the turn leads where the proof does not go
			return
		}
	}
	t.Fatal("every turn of every prover record leads into the proof")
}

func TestCheckerRefusesADroppedDefenderReply(t *testing.T) {
	sec, dir := provenSection(t)
	byFEN := recordsByFEN(sec)
	for _, r := range sec.Records {
		if r.Type != RecordDefend {
			continue
		}
		p := engine.MustParseFEN(r.FEN)
		var seen engine.ResultSet
		turns := p.DistinctTurns(Rules(50), nil, &seen)
		child := childFEN(&p, turns[len(turns)-1])
		j, ok := byFEN[child]
		require.True(t, ok, "every reply of %s has a record", r.FEN)
		bad := copySection(sec)
		bad.Records = append(bad.Records[:j], bad.Records[j+1:]...)
		refused(t, bad, dir, child)
		return
	}
}

func TestCheckerRefusesAWrongTableChecksum(t *testing.T) {
	sec, dir := provenSection(t)
	bad := copySection(sec)
	require.NotEmpty(t, bad.Header.Tables)
	bad.Header.Tables[0].SHA256 = strings.Repeat("0", 64)
	first := "" // the first table leaf of that file the checker reaches: depth first, as written
	for _, r := range sec.Records {
		if r.Type == RecordTable && r.File == bad.Header.Tables[0].File {
			first = r.FEN
			break
		}
	}
	_, err := Check(&Certificate{Sections: []Section{bad}}, FromSet(tablebase.Open(dir), 3), FileVerifier(dir))
	var r *Refusal
	require.True(t, errors.As(err, &r), "want a refusal, got %v", err)
	assert.Contains(t, err.Error(), bad.Header.Tables[0].File)
	assert.Contains(t, err.Error(), "SHA-256")
	assert.NotContains(t, err.Error(), "\n")
	assert.Equal(t, first, r.FEN, "the extractor writes records depth first, the order the checker walks them")
}

func TestCheckerRefusesTheOppositeClaim(t *testing.T) {
	sec, dir := provenSection(t)
	bad := copySection(sec)
	c, err := ParseClaim(bad.Header.Claim)
	require.NoError(t, err)
	bad.Header.Claim = c.Opposite().String()
	refused(t, bad, dir, bad.Header.Root)
}

func TestReadRefusesAFileThatIsNoCertificate(t *testing.T) {
	sec, _ := provenSection(t)
	var buf bytes.Buffer
	require.NoError(t, (&Certificate{Sections: []Section{sec}}).Write(&buf))
	_, err := Read(bytes.NewReader(buf.Bytes()[:buf.Len()/2]))
	assert.ErrorIs(t, err, ErrMalformed)
	_, err = Read(strings.NewReader("{}\n"))
	assert.ErrorIs(t, err, ErrMalformed)
}
