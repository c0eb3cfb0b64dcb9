// cite_test.go: a proof that meets a ledger position cites the ledger's certificate there,
// and the checker follows the citation, refusing it altered, removed or in a cycle.

package proof

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/filehash"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// citingPair finds, among seeded 4-piece positions, one where White moves without a
// capture and wins (the 4-piece table), and a turn of it into a position White wins.
func citingPair(t *testing.T, full *tablebase.Set) (parent, child engine.Position) {
	rng := rand.New(rand.NewPCG(11, 4))
	rules := Rules(50)
	for range 20_000 {
		p := RandomPosition(rng, 4)
		if p.Side != engine.White || rules.Status(&p).Over() {
			continue
		}
		if v, err := full.Probe(&p, tablebase.PaikaRule(50)); err != nil || v.Outcome != tablebase.Win {
			continue
		}
		var seen engine.ResultSet
		turns := p.DistinctTurns(rules, nil, &seen)
		quiet := true
		for _, turn := range turns {
			quiet = quiet && turn.Captured == 0
		}
		if !quiet {
			continue
		}
		for _, turn := range turns {
			q := normalise(p.Play(turn), 50)
			if v, err := full.Probe(&q, tablebase.PaikaRule(50)); err == nil && v.Outcome == tablebase.Loss && !rules.Status(&q).Over() {
				return p, q
			}
		}
	}
	require.Fail(t, "no position found")
	return
}

// writeCert writes sections as a certificate file in dir.
func writeCert(t *testing.T, dir, name string, secs ...Section) string {
	data, err := (&Certificate{Sections: secs}).Bytes()
	require.NoError(t, err)
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

func TestAProofCitesTheLedgerAndCheckFollowsIt(t *testing.T) {
	tables := builtTables(t)
	parent, child := citingPair(t, tablebase.Open(tables))
	small := filepath.Join(t.TempDir(), "tb3")
	require.NoError(t, os.Mkdir(small, 0o755))
	for _, c := range []string{"1v1", "1v2", "2v1"} {
		data, err := os.ReadFile(filepath.Join(tables, c+".p50.fntb"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(small, c+".p50.fntb"), data, 0o644))
	}
	ledger := t.TempDir()
	whiteWins := Claim{engine.White, Wins}

	// The child proven alone goes into the ledger.
	pr, err := NewProver(Options{PaikaLimit: 50, Tables: FromSet(tablebase.Open(small), 0), TTEntries: 1 << 16})
	require.NoError(t, err)
	res, sec, err := pr.Prove(context.Background(), child, whiteWins, Budget{Nodes: 2_000_000}, "test")
	require.NoError(t, err)
	require.Equal(t, Proven, res.Outcome, child.FEN())
	require.Greater(t, res.Nodes, uint64(1), "the child needs a search")
	childPath := writeCert(t, ledger, "child.fpc.gz", *sec)
	l, err := ReadLedger(ledger)
	require.NoError(t, err)
	entries, err := EntriesOf(childPath, &Certificate{Sections: []Section{*sec}}, res.Nodes, res.Elapsed.Seconds())
	require.NoError(t, err)
	require.NoError(t, l.Append(entries...))
	alone, err := CheckFile(childPath, small)
	require.NoError(t, err)

	// The parent's proof, given the ledger, cites it: one turn, one citation.
	pr, err = NewProver(Options{PaikaLimit: 50, Tables: FromSet(tablebase.Open(small), 0), TTEntries: 1 << 16, Ledger: l})
	require.NoError(t, err)
	res, sec, err = pr.Prove(context.Background(), parent, whiteWins, Budget{Nodes: 2_000_000}, "test")
	require.NoError(t, err)
	require.Equal(t, Proven, res.Outcome)
	assert.Equal(t, uint64(1), res.Nodes, "the ledger decides the child: one node, the parent")
	require.Len(t, sec.Records, 2)
	assert.Equal(t, RecordProve, sec.Records[0].Type)
	cite := sec.Records[1]
	assert.Equal(t, Record{Type: RecordCite, FEN: child.FEN(), File: "child.fpc.gz", SHA256: entries[0].CertificateSHA256}, cite)
	parentPath := writeCert(t, ledger, "parent.fpc.gz", *sec)

	rep, err := CheckFile(parentPath, small)
	require.NoError(t, err)
	assert.Equal(t, 2+alone.Nodes, rep.Nodes, "the parent, the citation, and the cited certificate's positions")
	_, err = Check(&Certificate{Sections: []Section{*sec}}, FromSet(tablebase.Open(small), 0), nil)
	assert.ErrorContains(t, err, "no ledger folder", "a citation is followed only in a ledger's folder")

	// Altered: one record more (a position the proof does not need) changes its SHA-256.
	altered := Section{Header: entriesSection(t, childPath).Header, Records: append(entriesSection(t, childPath).Records,
		Record{Type: RecordDefend, FEN: parent.FEN()})}
	writeCert(t, ledger, "child.fpc.gz", altered)
	_, err = CheckFile(parentPath, small)
	var refusal *Refusal
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, child.FEN(), refusal.FEN)
	assert.Contains(t, refusal.Reason, "child.fpc.gz, whose SHA-256 is")

	require.NoError(t, os.Remove(childPath))
	_, err = CheckFile(parentPath, small)
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, child.FEN(), refusal.FEN)
	assert.Contains(t, refusal.Reason, "cites child.fpc.gz, which is not in")
}

// entriesSection reads the one section of a certificate file.
func entriesSection(t *testing.T, path string) Section {
	c, err := ReadFile(path)
	require.NoError(t, err)
	require.Len(t, c.Sections, 1)
	return c.Sections[0]
}

// TestCheckRefusesACycleOfCitations: a certificate whose proof returns to itself through
// another's citation proves nothing.
func TestCheckRefusesACycleOfCitations(t *testing.T) {
	dir := t.TempDir()
	const fen = "9/9/2W3W2/9/3B1B3 w 0 0"
	h := Header{Format: FormatName, Version: FormatVersion, Rules: Rules(50).String(), PaikaLimit: 50, Toolkit: "test",
		Tables: []TableSum{}, Claim: "white-wins", Root: fen}
	// q cites p (its sum unknown yet: it cannot be honest), p cites q with q's true sum.
	qPath := writeCert(t, dir, "q.fpc.gz", Section{Header: h, Records: []Record{{Type: RecordCite, FEN: fen, File: "p.fpc.gz", SHA256: "00"}}})
	qSum, err := filehash.SHA256(qPath)
	require.NoError(t, err)
	pPath := writeCert(t, dir, "p.fpc.gz", Section{Header: h, Records: []Record{{Type: RecordCite, FEN: fen, File: "q.fpc.gz", SHA256: qSum}}})
	_, err = CheckFile(pPath, "")
	var refusal *Refusal
	require.ErrorAs(t, err, &refusal)
	assert.Equal(t, fen, refusal.FEN)
	assert.Contains(t, refusal.Error(), "cites p.fpc.gz, which is under check already: a cycle of citations")
}

// TestACampaignUsesAsLeavesOnlyWhatItsTablesCheck: a ledger certificate relying on tables
// the campaign lacks is searched past, not cited: citing it would fail the check of the
// job's certificate and lose its search.
func TestACampaignUsesAsLeavesOnlyWhatItsTablesCheck(t *testing.T) {
	tables := builtTables(t)
	parent, child := citingPair(t, tablebase.Open(tables))
	small := filepath.Join(t.TempDir(), "tb3")
	require.NoError(t, os.Mkdir(small, 0o755))
	for _, c := range []string{"1v1", "1v2", "2v1"} {
		data, err := os.ReadFile(filepath.Join(tables, c+".p50.fntb"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(small, c+".p50.fntb"), data, 0o644))
	}
	dir := t.TempDir()
	pr, err := NewProver(Options{PaikaLimit: 50, Tables: FromSet(tablebase.Open(small), 0), TTEntries: 1 << 16})
	require.NoError(t, err)
	res, sec, err := pr.Prove(context.Background(), child, Claim{engine.White, Wins}, Budget{Nodes: 2_000_000}, "test")
	require.NoError(t, err)
	require.Equal(t, Proven, res.Outcome)
	// As if its proof probed a table (a check without tables refuses any listed).
	sec.Header.Tables = []TableSum{{File: "1v2.p50.fntb", SHA256: "00"}}
	entries, err := EntriesOf(writeCert(t, dir, "child.fpc.gz", *sec), &Certificate{Sections: []Section{*sec}}, res.Nodes, 0)
	require.NoError(t, err)
	l, err := ReadLedger(dir)
	require.NoError(t, err)
	require.NoError(t, l.Append(entries...))

	// The campaign without tables: the child is searched, not cited, and the job ends.
	c := Campaign{Ledger: l, PaikaLimit: 50, TTEntries: 1 << 16, Budget: Budget{Nodes: 20_000}, Toolkit: "test"}
	pr, err = NewProver(Options{PaikaLimit: 50, TTEntries: c.TTEntries})
	require.NoError(t, err)
	var skipped []LedgerEntry
	pr.leaves, skipped = usableLeaves(l, 50, nil, nil)
	assert.Equal(t, entries, skipped)
	assert.Equal(t, "warning: "+filepath.Join(dir, LedgerFile)+": 1 certificates not used as leaves, their tables not among those given: child.fpc.gz",
		LedgerLeavesSkipped{Ledger: dir, Entries: skipped}.String())
	job, err := c.run(context.Background(), pr, []string{"p"}, parent, Claim{engine.Black, Wins})
	require.NoError(t, err)
	assert.Greater(t, job.Nodes, uint64(1), "the child searched")
	_, held := usableLeaves(l, 50, FromSet(tablebase.Open(small), 0), nil)
	assert.Empty(t, held, "its table file is among these")
}
