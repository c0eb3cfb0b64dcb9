// campaign_test.go: a campaign on small positions reaches the tables' value through jobs
// that split when their budget ends, resumes from its ledger alone, and every certificate
// it wrote checks.

package proof

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/internal/filehash"
	"github.com/fanorona/fanorona/players/nnue"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCampaignSplitsResumesAndReachesTheTablesValue(t *testing.T) {
	tables := builtTables(t)
	full := tablebase.Open(tables)
	small := filepath.Join(t.TempDir(), "tb3")
	require.NoError(t, os.Mkdir(small, 0o755))
	for _, c := range []string{"1v1", "1v2", "2v1"} {
		data, err := os.ReadFile(filepath.Join(tables, c+".p50.fntb"))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(small, c+".p50.fntb"), data, 0o644))
	}
	rng := rand.New(rand.NewPCG(5, 4))
	splitSeen := false
	for tried := 0; tried < 400 && !splitSeen; tried++ {
		p := RandomPosition(rng, 4)
		if p.Side != engine.Black || Rules(50).Status(&p).Over() {
			continue
		}
		want, err := full.Probe(&p, tablebase.PaikaRule(50))
		require.NoError(t, err)
		// A position a search decides in 300 to 20,000 nodes, so that jobs of a third of
		// its nodes end unknown and their children decide.
		pr, err := NewProver(Options{PaikaLimit: 50, Tables: FromSet(tablebase.Open(small), 0), TTEntries: 1 << 16})
		require.NoError(t, err)
		res, err := pr.Search(context.Background(), p, Claim{engine.Black, Wins}, Budget{Nodes: 20_000})
		require.NoError(t, err)
		if res.Outcome == Unknown || res.Nodes < 300 {
			continue
		}
		budget := res.Nodes / 3
		dir := t.TempDir()
		run := func(jobs int) Standing {
			l, err := ReadLedger(dir) // the state is the file: each run reads it afresh
			require.NoError(t, err)
			c := Campaign{Ledger: l, Targets: []Target{{Name: "t", Position: p}}, PaikaLimit: 50,
				Tables: FromSet(tablebase.Open(small), 0), TTEntries: 1 << 14, Budget: Budget{Nodes: budget}, Jobs: jobs, Toolkit: "test"}
			var last Standing
			require.NoError(t, c.Run(context.Background(), func(e FolderEvent) {
				if s, ok := e.(Standing); ok {
					last = s
				}
			}))
			return last
		}
		first := run(2)
		require.Len(t, first.Turns, 1)
		s := run(200)
		l, err := ReadLedger(dir)
		require.NoError(t, err)
		for _, e := range l.Entries {
			splitSeen = splitSeen || e.Split
		}
		if !splitSeen {
			continue
		}
		t.Logf("%s: %d nodes alone; %d entries, %d decided, outcome %s", p.FEN(), res.Nodes, len(l.Entries), s.Decided, s.Turns[0].Outcome)
		expected := "white-not-loses"
		if want.Outcome == tablebase.Win {
			expected = "black-wins"
		}
		require.Equal(t, expected, s.Turns[0].Outcome, "%s: the table says %v for Black", p.FEN(), want)
		assert.Greater(t, s.Decided, 1)
		// The target itself, decided by its jobs, has a certificate of its own citing theirs.
		assert.Equal(t, "t."+expected+".fpc.gz", s.Turns[0].Certificate)
		rep, err := CheckFile(filepath.Join(dir, s.Turns[0].Certificate), small)
		if assert.NoError(t, err) && assert.Len(t, rep.Roots, 1) {
			root := normalise(p, 50)
			assert.Equal(t, root.FEN(), rep.Roots[0])
		}
		assert.Equal(t, 1, closingJobsWithoutTables(t, dir, s.Turns[0]))
		for _, e := range l.Entries {
			if e.Certificate == "" {
				continue
			}
			_, err := CheckFile(filepath.Join(dir, e.Certificate), small)
			assert.NoError(t, err, e.Certificate)
		}
	}
	require.True(t, splitSeen, "no job of the sample split: the budget is too large for the test")
}

// closingJobsWithoutTables copies the ledger in dir less the first turn's own line and
// runs a campaign of three jobs of a node each on it without tables, where no leaf that
// needs a table is usable, so that the first turn's own job cannot decide it; it returns
// the jobs run, one when a job at the first turn in vain is not offered again.
func closingJobsWithoutTables(t *testing.T, dir string, turn TurnStanding) int {
	l, err := ReadLedger(dir)
	require.NoError(t, err)
	copied := &Ledger{Dir: t.TempDir()}
	for _, e := range l.Entries {
		if e.Certificate == turn.Certificate {
			continue
		}
		if e.Certificate != "" {
			data, err := os.ReadFile(filepath.Join(dir, e.Certificate))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(copied.Dir, e.Certificate), data, 0o644))
		}
		copied.Entries = append(copied.Entries, e)
	}
	require.NoError(t, copied.Append(copied.Entries...))
	target := Target{Name: "t", Position: engine.MustParseFEN(turn.FEN)}
	require.Equal(t, turn.Outcome, standingOf(copied, 50, []Target{target}).Turns[0].Outcome)
	c := Campaign{Ledger: copied, Targets: []Target{target}, PaikaLimit: 50, TTEntries: 1 << 10,
		Budget: Budget{Nodes: 1}, Jobs: 3, Toolkit: "test", Guide: func(*engine.Position) int { return 0 }}
	jobs := 0
	require.NoError(t, c.Run(context.Background(), func(e FolderEvent) {
		if j, ok := e.(CampaignJob); ok {
			assert.Equal(t, []string{"t"}, j.Path)
			jobs++
		}
	}))
	return jobs
}

// cancelAfter is a context cancelled at its Err's calls-th call: the search asks it as it
// goes, so that it is cancelled during a job's search.
type cancelAfter struct {
	context.Context
	calls, asked int
}

func (c *cancelAfter) Err() error {
	if c.asked++; c.asked >= c.calls {
		return context.Canceled
	}
	return nil
}

// TestCampaignInterruptedWritesNothing: a job stopped by its context during its search
// leaves the ledger as it was, so that the next run takes the same job again.
func TestCampaignInterruptedWritesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ledger")
	l, err := ReadLedger(dir)
	require.NoError(t, err)
	ctx := &cancelAfter{Context: context.Background(), calls: 50}
	c := Campaign{Ledger: l, Targets: OpeningTargets(50), PaikaLimit: 50, TTEntries: 1 << 10, Budget: Budget{Nodes: 1 << 40}, Jobs: 3}
	err = c.Run(ctx, func(FolderEvent) { t.Error("nothing to tell") })
	require.NoError(t, err)
	require.GreaterOrEqual(t, ctx.asked, ctx.calls, "the search asked the context until cancelled")
	assert.NoDirExists(t, dir, "nothing written, not even the folder")
	assert.Empty(t, l.Entries)
}

// TestImportChecksAndCopiesACertificate: --import checks the certificate, copies it into
// the ledger's folder (made when new) and adds its claim; a file of that name with other
// bytes is refused.
func TestImportChecksAndCopiesACertificate(t *testing.T) {
	src := filepath.Join(t.TempDir(), "c.fpc.gz")
	// White has no piece: the game is over, lost for White (no table needed).
	h := Header{Format: FormatName, Version: FormatVersion, Rules: Rules(50).String(), PaikaLimit: 50, Toolkit: "test",
		Tables: []TableSum{}, Claim: "black-wins", Root: "9/9/9/9/B8 w 0 0"}
	data, err := (&Certificate{Sections: []Section{{Header: h, Records: []Record{{Type: RecordEnd, FEN: "9/9/9/9/B8 w 0 0"}}}}}).Bytes()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(src, data, 0o644))
	dir := filepath.Join(t.TempDir(), "new") // made by the import
	var told []FolderEvent
	require.NoError(t, (&Request{Ledger: dir, Import: src, Budget: Budget{Nodes: 12}, Tablebases: "none"}).runLedger(context.Background(),
		func(e FolderEvent) { told = append(told, e) }))
	require.Len(t, told, 1)
	l, err := ReadLedger(dir)
	require.NoError(t, err)
	require.Len(t, l.Entries, 1)
	e := l.Entries[0]
	assert.Equal(t, LedgerEntry{FEN: "9/9/9/9/B8 w 0 0", Claim: "black-wins", PaikaLimit: 50, Result: "proven", Nodes: 12,
		Certificate: "c.fpc.gz", CertificateSHA256: e.CertificateSHA256}, e)
	copied, err := os.ReadFile(filepath.Join(dir, "c.fpc.gz"))
	require.NoError(t, err)
	assert.Equal(t, data, copied)

	// A false certificate: the lone White piece does have a turn.
	h.Root = "9/9/9/9/W7B b 0 0"
	bad, err := (&Certificate{Sections: []Section{{Header: h, Records: []Record{{Type: RecordEnd, FEN: h.Root}}}}}).Bytes()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(src, bad, 0o644))
	err = (&Request{Ledger: dir, Import: src, Tablebases: "none"}).runLedger(context.Background(), func(FolderEvent) {})
	assert.ErrorContains(t, err, "refused")
	l, err = ReadLedger(dir)
	require.NoError(t, err)
	assert.Len(t, l.Entries, 1, "nothing added")
}

// quickWin is a target Black wins in a few dozen nodes without tables.
func quickWin(t *testing.T) Target {
	p, err := engine.ParseFEN("5B2W/9/9/9/5B3 b 0 0")
	require.NoError(t, err)
	return Target{Name: "t", Position: p}
}

// TestCampaignsUnderTwoLimitsShareANewFolder: the folder is made before the first
// certificate, each limit's certificate keeps its own name, and both still check.
func TestCampaignsUnderTwoLimitsShareANewFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	for _, limit := range []int{50, 30} {
		l, err := ReadLedger(dir)
		require.NoError(t, err)
		c := Campaign{Ledger: l, Targets: []Target{quickWin(t)}, PaikaLimit: limit, TTEntries: 1 << 10, Budget: Budget{Nodes: 1_000}, Jobs: 1, Toolkit: "test"}
		require.NoError(t, c.Run(context.Background(), func(FolderEvent) {}), "limit %d", limit)
	}
	l, err := ReadLedger(dir)
	require.NoError(t, err)
	require.Len(t, l.Entries, 2)
	assert.NotContains(t, l.Entries[0].Certificate, ".p50.", "the names under limit 50 stay as they were")
	assert.Equal(t, strings.TrimSuffix(l.Entries[0].Certificate, ".fpc.gz")+".p30.fpc.gz", l.Entries[1].Certificate)
	for _, e := range l.Entries {
		sum, err := filehash.SHA256(filepath.Join(dir, e.Certificate))
		require.NoError(t, err)
		assert.Equal(t, e.CertificateSHA256, sum, e.Certificate)
	}
}

func TestCampaignRefusesToOverwriteACertificate(t *testing.T) {
	run := func(dir string) (*Ledger, error) {
		l, err := ReadLedger(dir)
		require.NoError(t, err)
		c := Campaign{Ledger: l, Targets: []Target{quickWin(t)}, PaikaLimit: 50, TTEntries: 1 << 10, Budget: Budget{Nodes: 1_000}, Jobs: 1, Toolkit: "test"}
		return l, c.Run(context.Background(), func(FolderEvent) {})
	}
	first, err := run(t.TempDir())
	require.NoError(t, err)
	require.Len(t, first.Entries, 1)
	dir := t.TempDir()
	other := filepath.Join(dir, first.Entries[0].Certificate)
	require.NoError(t, os.WriteFile(other, []byte("another run's"), 0o644))
	_, err = run(dir)
	assert.ErrorContains(t, err, "another certificate of that name")
	data, err := os.ReadFile(other)
	require.NoError(t, err)
	assert.Equal(t, "another run's", string(data))
}

// TestCampaignPassesATargetWhoseOpenLineReturnsToIt: after a1-b1 i5-h5 b1-a1 the only open
// child is the target itself (h5-i5), every other child decided: that target has no job,
// and the campaign goes on with the next instead of ending with targets open.
func TestCampaignPassesATargetWhoseOpenLineReturnsToIt(t *testing.T) {
	line := []string{"8W/9/9/9/B8 b 0 0", "8W/9/9/9/1B7 w 0 0", "7W1/9/9/9/1B7 b 0 0", "7W1/9/9/9/B8 w 0 0"}
	var entries []LedgerEntry
	for i, fen := range line {
		split := ledgerLine(fen, "black-wins", "unknown", "")
		split.PaikaLimit, split.Split = 0, true
		entries = append(entries, split)
		p := engine.MustParseFEN(fen)
		var seen engine.ResultSet
		for _, turn := range p.DistinctTurns(Rules(0), nil, &seen) {
			q := normalise(p.Play(turn), 0)
			if q.FEN() == line[(i+1)%len(line)] {
				continue
			}
			// Black's other turns lose the claim, White's lose for White: only the line is open.
			e := ledgerLine(q.FEN(), "black-wins", "proven", "x.fpc.gz")
			if p.Side == engine.Black {
				e.Result = "disproven"
			}
			e.PaikaLimit = 0
			entries = append(entries, e)
		}
	}
	l := &Ledger{Dir: t.TempDir(), Entries: entries}
	cycle := Target{Name: "cycle", Position: engine.MustParseFEN(line[0])}
	other := Target{Name: "other", Position: engine.MustParseFEN("5B2W/9/9/9/5B3 b 0 0")}
	s := standingOf(l, 0, []Target{cycle})
	require.Equal(t, "open", s.Turns[0].Outcome)
	require.Equal(t, uint32(1), min(s.Turns[0].ProofNumber, s.Turns[0].DisproofNumber), "the nearest of the two")

	path, _, ok := newTop(l, 0).pick([]Target{cycle, other}, Claim{engine.Black, Wins}, nil)
	require.True(t, ok, "the other target has jobs")
	assert.Equal(t, "other", path[0])
	_, _, ok = newTop(l, 0).pick([]Target{cycle}, Claim{engine.Black, Wins}, nil)
	assert.False(t, ok)
}

// TestCampaignCertifiesADecidedJobWhoseBudgetTheSearchUsed: the search decides in the
// job's whole node budget, leaving its certificate's extraction (re-proving what a small
// table overwrote) none: the job is decided and certified, not split.
func TestCampaignCertifiesADecidedJobWhoseBudgetTheSearchUsed(t *testing.T) {
	p := engine.MustParseFEN("W1W6/7W1/9/6B2/9 b 0 0")
	claim := Claim{engine.Black, Wins}
	alone, err := NewProver(Options{PaikaLimit: 50, TTEntries: 1 << 6})
	require.NoError(t, err)
	searched, err := alone.Search(context.Background(), p, claim, Budget{Nodes: 10_000})
	require.NoError(t, err)
	require.Equal(t, Disproven, searched.Outcome)

	dir := t.TempDir()
	l, err := ReadLedger(dir)
	require.NoError(t, err)
	c := Campaign{Ledger: l, PaikaLimit: 50, TTEntries: 1 << 6, Budget: Budget{Nodes: searched.Nodes}, Toolkit: "test"}
	pr, err := NewProver(Options{PaikaLimit: 50, TTEntries: c.TTEntries, Ledger: l})
	require.NoError(t, err)
	job, err := c.run(context.Background(), pr, []string{"t"}, p, claim)
	require.NoError(t, err)
	assert.Equal(t, "disproven", job.Outcome)
	assert.Zero(t, job.Children, "not split")
	require.Len(t, l.Entries, 1)
	_, err = CheckFile(filepath.Join(dir, l.Entries[0].Certificate), "none")
	assert.NoError(t, err)
}

// TestCampaignPursuesTheClaimAsked: of targets alike in their nearer number the other
// breaks the tie; a pursued claim descends by its own number, to the reply where the side
// that moved leads most in pieces (a reference count here).
func TestCampaignPursuesTheClaimAsked(t *testing.T) {
	targets := OpeningTargets(50)
	byName := map[string]Target{}
	for _, tg := range targets {
		byName[tg.Name] = tg
	}
	d3, d2 := byName["d3-e3A"], byName["d2-e3A"]
	require.NotEmpty(t, d3.Name)
	rules := Rules(50)
	var seen engine.ResultSet
	replies := d3.Position.DistinctTurns(rules, nil, &seen)
	require.Len(t, replies, 4)
	// Two of d3-e3A's replies refuted, as in the committed ledger.
	var entries []LedgerEntry
	lead := map[string]int{}
	for _, r := range replies {
		q := normalise(d3.Position.Play(r), 50)
		if r.String() == "d4-d3A" || r.String() == "f4-f3A" {
			entries = append(entries, ledgerLine(q.FEN(), "black-wins", "disproven", "x.fpc.gz"))
			continue
		}
		lead[r.String()] = q.Pieces[engine.Black].Count() - q.Pieces[engine.White].Count()
	}
	require.Len(t, lead, 2)
	best := ""
	for r, n := range lead {
		if best == "" || n > lead[best] || n == lead[best] && r < best {
			best = r
		}
	}
	l := &Ledger{Dir: t.TempDir(), Entries: entries}
	blackWins, whiteNotLoses := Claim{engine.Black, Wins}, Claim{engine.White, DoesNotLose}

	// Nearest: both have proof number 1; d3-e3A's disproof number 2 puts it before d2-e3A.
	path, _, ok := newTop(l, 50).pick([]Target{d2, d3}, blackWins, nil)
	require.True(t, ok)
	assert.Equal(t, "d3-e3A", path[0])
	// Pursuing "White does not lose" descends by disproof numbers to the reply Black leads most in.
	path, p, ok := newTop(l, 50).pick([]Target{d2, d3}, blackWins, &whiteNotLoses)
	require.True(t, ok)
	require.Len(t, path, 2)
	assert.Equal(t, []string{"d3-e3A", best}, path)
	assert.Equal(t, engine.White, p.Side)

	// That reply split, the descent goes on to White's turn that leads most: of its turns
	// the first to take four, where the order of generation alone would give the first turn.
	l.Entries = append(l.Entries, LedgerEntry{FEN: p.FEN(), Claim: "black-wins", PaikaLimit: 50, Result: "unknown", Split: true})
	path, _, ok = newTop(l, 50).pick([]Target{d3}, blackWins, &whiteNotLoses)
	require.True(t, ok)
	require.Len(t, path, 3)
	var turns []string
	mostLead, want := -99, ""
	for _, w := range p.DistinctTurns(rules, nil, &engine.ResultSet{}) {
		z := p.Play(w)
		turns = append(turns, w.String())
		if n := z.Pieces[engine.White].Count() - z.Pieces[engine.Black].Count(); n > mostLead {
			mostLead, want = n, w.String()
		}
	}
	require.NotEqual(t, turns[0], want, "the test needs a lead other than the first turn's")
	assert.Equal(t, want, path[2])
}

// TestCampaignGuideOrdersChildrenAlikeInNumber: the guide's best child for the side that
// moved is taken before the lead in pieces, and the expert's guide scores for that side.
func TestCampaignGuideOrdersChildrenAlikeInNumber(t *testing.T) {
	d3 := openingTarget(t, "d3-e3A")
	var seen engine.ResultSet
	replies := d3.Position.DistinctTurns(Rules(50), nil, &seen)
	require.Len(t, replies, 4)
	// The guide likes f4-f3A best, which takes as much as any other reply: the lead alone
	// would leave the first reply of the largest lead.
	liked := normalise(d3.Position.Play(replies[3]), 50)
	require.Equal(t, "f4-f3A", replies[3].String())
	top := newTop(&Ledger{Dir: t.TempDir()}, 50)
	top.guide = func(q *engine.Position) int {
		if q.FEN() == liked.FEN() {
			return 100
		}
		return 0
	}
	whiteNotLoses := Claim{engine.White, DoesNotLose}
	path, _, ok := top.pick([]Target{d3}, Claim{engine.Black, Wins}, &whiteNotLoses)
	require.True(t, ok)
	assert.Equal(t, []string{"d3-e3A", "f4-f3A"}, path)
	top.guide = nil
	path, _, ok = top.pick([]Target{d3}, Claim{engine.Black, Wins}, &whiteNotLoses)
	require.True(t, ok)
	assert.NotEqual(t, "f4-f3A", path[1], "without the guide another reply comes first")

	// The expert's guide: Black, to move with one piece against five, is lost, so the side
	// that moved there (White) scores well; with White to move, Black moved there: badly.
	guide := expertGuide(context.Background(), Rules(50))
	won := engine.MustParseFEN("9/2W1W1W2/9/1W5W1/4B4 b 0 0")
	assert.Greater(t, guide(&won), 200)
	lost := engine.NewPosition(won.Pieces[engine.White], won.Pieces[engine.Black], engine.White, 0, 0)
	assert.Less(t, guide(&lost), -200)
}

// TestCampaignNamesTheNetOfItsNumbers: a job searched with initial numbers from a net
// names the net's SHA-256 in its ledger line; without one, the line names none.
func TestCampaignNamesTheNetOfItsNumbers(t *testing.T) {
	p := engine.MustParseFEN("W1W6/7W1/9/6B2/9 b 0 0")
	for _, net := range []*nnue.Net{nil, nnue.Default()} {
		l, err := ReadLedger(t.TempDir())
		require.NoError(t, err)
		c := Campaign{Ledger: l, PaikaLimit: 50, TTEntries: 1 << 6, Budget: Budget{Nodes: 10_000}, Toolkit: "test", Evaluation: net}
		pr, err := NewProver(Options{PaikaLimit: 50, TTEntries: c.TTEntries, Ledger: l, Evaluation: net})
		require.NoError(t, err)
		job, err := c.run(context.Background(), pr, []string{"t"}, p, Claim{engine.Black, Wins})
		require.NoError(t, err)
		assert.Equal(t, "disproven", job.Outcome)
		require.Len(t, l.Entries, 1)
		want := ""
		if net != nil {
			want = net.SHA256
			require.Len(t, want, 64)
		}
		assert.Equal(t, want, l.Entries[0].NetSHA256)
	}
}

// TestCampaignsSharingALedgerRunDifferentJobs: a job another campaign on the same ledger
// holds is passed by for the next most promising; with every job held there is none, and
// a job released is taken again.
func TestCampaignsSharingALedgerRunDifferentJobs(t *testing.T) {
	d3 := openingTarget(t, "d3-e3A")
	var seen engine.ResultSet
	l, err := ReadLedger(filepath.Join(t.TempDir(), "ledger"))
	require.NoError(t, err)
	open := map[string]bool{}
	for _, r := range d3.Position.DistinctTurns(Rules(50), nil, &seen) {
		q := normalise(d3.Position.Play(r), 50)
		if r.String() == "d4-d3A" || r.String() == "f4-f3A" {
			require.NoError(t, l.Append(ledgerLine(q.FEN(), "black-wins", "disproven", "x.fpc.gz")))
			continue
		}
		open[q.FEN()] = true
	}
	require.Len(t, open, 2)
	c := Campaign{Ledger: &Ledger{Dir: l.Dir}, Targets: []Target{d3}, PaikaLimit: 50,
		Guide: func(*engine.Position) int { return 0 }}
	claim := Claim{engine.Black, Wins}

	path, first, release, err := c.next(c.Guide, claim)
	require.NoError(t, err)
	require.NotNil(t, release)
	require.Len(t, path, 2)
	assert.True(t, open[first.FEN()], "a reply the ledger leaves open")
	assert.Len(t, c.Ledger.Entries, 2, "the ledger read from its file")

	other := Campaign{Ledger: &Ledger{Dir: l.Dir}, Targets: []Target{d3}, PaikaLimit: 50}
	_, second, releaseSecond, err := other.next(c.Guide, claim)
	require.NoError(t, err)
	require.NotNil(t, releaseSecond)
	assert.True(t, open[second.FEN()])
	assert.NotEqual(t, first.FEN(), second.FEN(), "the held job passed by")

	_, _, none, err := other.next(c.Guide, claim)
	require.NoError(t, err)
	assert.Nil(t, none, "both jobs held")

	release()
	_, again, releaseAgain, err := other.next(c.Guide, claim)
	require.NoError(t, err)
	require.NotNil(t, releaseAgain)
	assert.Equal(t, first.FEN(), again.FEN(), "a released job is taken again")
	releaseAgain()
	releaseSecond()

	// The reply the guide prefers split, every job below it running: the other reply's job.
	var split, unsplit engine.Position
	for fen := range open {
		if fen == first.FEN() {
			split = engine.MustParseFEN(fen)
		} else {
			unsplit = engine.MustParseFEN(fen)
		}
	}
	require.NoError(t, l.Append(LedgerEntry{FEN: split.FEN(), Claim: "black-wins", PaikaLimit: 50, Result: "unknown", Split: true}))
	top := newTop(l, 50)
	top.guide = func(q *engine.Position) int {
		if q.FEN() == split.FEN() {
			return 1
		}
		return 0
	}
	top.busy = map[string]bool{}
	seen = engine.ResultSet{}
	for _, turn := range split.DistinctTurns(Rules(50), nil, &seen) {
		q := normalise(split.Play(turn), 50)
		top.busy[q.FEN()] = true
	}
	path, p, ok := top.pick([]Target{d3}, claim, &Claim{engine.White, DoesNotLose})
	require.True(t, ok, "the other reply is a job")
	assert.Equal(t, unsplit.FEN(), p.FEN())
	assert.Len(t, path, 2)
	var turns engine.ResultSet
	freed := normalise(split.Play(split.DistinctTurns(Rules(50), nil, &turns)[0]), 50)
	delete(top.busy, freed.FEN())
	path, _, ok = top.pick([]Target{d3}, claim, &Claim{engine.White, DoesNotLose})
	require.True(t, ok)
	assert.Len(t, path, 3, "below the preferred reply, the job no one runs")
}

// openingTarget is the first turn of that name among the opening's targets.
func openingTarget(t *testing.T, name string) Target {
	for _, tg := range OpeningTargets(50) {
		if tg.Name == name {
			return tg
		}
	}
	require.FailNow(t, "no first turn "+name)
	return Target{}
}

// TestGuideScoresAPositionOnce: the campaign's guide asks its scorer once a position,
// however often the picks ask it.
func TestGuideScoresAPositionOnce(t *testing.T) {
	asked := map[string]int{}
	guide := remembered(func(q *engine.Position) int {
		asked[q.FEN()]++
		return q.Pieces[engine.White].Count()
	})
	d3 := openingTarget(t, "d3-e3A")
	var seen engine.ResultSet
	for range 3 {
		for _, r := range d3.Position.DistinctTurns(Rules(50), nil, &seen) {
			q := d3.Position.Play(r)
			assert.Equal(t, q.Pieces[engine.White].Count(), guide(&q))
		}
		seen = engine.ResultSet{}
	}
	require.Len(t, asked, 4)
	for fen, n := range asked {
		assert.Equal(t, 1, n, fen)
	}
}
