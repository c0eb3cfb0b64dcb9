// prove.go: the prove and check commands: a claim's df-pn proof with its certificate, and
// the checker of certificates (package puzzles/proof).

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/spf13/cobra"
)

func init() {
	registerCommand(newProveCmd)
	registerCommand(newCheckCmd)
	commandExamples["fanorona prove"] = `  fanorona prove --fen "9/9/2W1W4/3B1B3/9 w" --claim value -o cert.fpc.gz
  fanorona prove --fen "9/9/2W1W4/3B1B3/9 w" --claim white-not-loses --paika-limit 0 --time 30s`
	commandExamples["fanorona check"] = `  fanorona check cert.fpc.gz --tablebases ~/.cache/fanorona/tablebases`
}

type proveOptions struct {
	fen        string
	claim      string
	paikaLimit int
	dir        string
	nodes      uint64
	time       time.Duration
	output     string
	force      bool
	ttEntries  int
	folder     string
	splitDepth int
	workers    int
	opening    bool
	status     bool
	snapshot   time.Duration
	splitSet   bool // --split-depth given: an existing folder must have been split so
}

func newProveCmd(s *streams) *cobra.Command {
	var o proveOptions
	c := &cobra.Command{
		Use:   "prove --fen F --claim white-wins|white-not-loses|black-wins|black-not-loses|value [-o cert.fpc.gz]",
		Short: "Prove a claim about a position by df-pn search over the tablebases, and write its certificate",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.splitSet = c.Flags().Changed("split-depth")
			return runProve(c.Context(), s, &o)
		},
	}
	c.Flags().StringVar(&o.fen, "fen", "", "position (required)")
	c.Flags().StringVar(&o.claim, "claim", "value", "white-wins, white-not-loses, black-wins, black-not-loses, or value (two claims)")
	paikaLimitFlag(c, &o.paikaLimit, "the rule of the claim: this paika limit at the FEN's counter (0 = theoretic, counters ignored)")
	tablebasesFlag(c, &o.dir)
	c.Flags().Uint64Var(&o.nodes, "nodes", 0, "node budget (0 = none)")
	c.Flags().DurationVar(&o.time, "time", time.Minute, "time budget")
	c.Flags().StringVarP(&o.output, "output", "o", "", "write the certificate to this new file (gzip JSON Lines)")
	c.Flags().BoolVar(&o.force, "force", false, "overwrite the output file if it exists")
	c.Flags().IntVar(&o.ttEntries, "tt-entries", proof.DefaultTTEntries, "transposition table entries (32 bytes each)")
	c.Flags().StringVar(&o.folder, "folder", "", "a durable proof in this folder: the top of the tree and its jobs, resumed when run again (--time is then each job's budget)")
	c.Flags().IntVar(&o.splitDepth, "split-depth", proof.DefaultSplitDepth, "with --folder: plies of the top of the tree above its jobs (a folder made already keeps its own)")
	c.Flags().IntVar(&o.workers, "workers", 1, "with --folder: jobs run at once (one transposition table each)")
	c.Flags().BoolVar(&o.opening, "opening", false, "with --folder: the value of each of White's first turns from the start, in a folder each")
	c.Flags().DurationVar(&o.snapshot, "snapshot-every", proof.DefaultSnapshotEvery,
		"with --folder: save a job's search this often (jobs/N.tt), so that a killed job resumes where it was and an unknown one goes on under a larger --time")
	c.Flags().BoolVar(&o.status, "status", false, "with --folder: print where the proof stands, each job's result, and run nothing")
	return c
}

// checkTTEntries refuses a --tt-entries below 2, or whose tables (one a prover) take more
// than the machine's memory: before any table is opened or allocated.
func checkTTEntries(entries, provers int) error {
	if err := proof.CheckTTEntries(entries, provers, machineMemory()); err != nil {
		return badInputf("--tt-entries %d: %v", entries, err)
	}
	return nil
}

// proverFor opens the tables of a proof and returns a prover for them (--tt-entries
// checked by checkTTEntries first).
func proverFor(dir string, limit int, p *engine.Position, ttEntries int) (*proof.Prover, *tablebase.Set, error) {
	set, err := solveTablebases(dir, limit, p)
	if err != nil {
		return nil, nil, err
	}
	var tables proof.Tables
	if set != nil {
		set.LoadWhole(1 << 24) // the small tables whole: a probe at every node of the search
		tables = proof.FromSet(set, 0)
	}
	pr, err := proof.NewProver(proof.Options{PaikaLimit: limit, Tables: tables, TTEntries: ttEntries})
	if err != nil {
		return nil, nil, badInput(err)
	}
	return pr, set, nil
}

func runProve(ctx context.Context, s *streams, o *proveOptions) error {
	if o.opening || o.folder != "" || o.status {
		return runProveFolder(ctx, s, o)
	}
	if o.fen == "" {
		return badInputf("--fen: required")
	}
	p, err := parseFENFlag(o.fen)
	if err != nil {
		return err
	}
	var claim proof.Claim
	if o.claim != "value" {
		if claim, err = proof.ParseClaim(o.claim); err != nil {
			return badInputf("--claim: %v", err)
		}
	}
	if o.time <= 0 {
		return badInputf("--time %v: must be positive", o.time)
	}
	if p.Own() != 0 && p.Enemy() == 0 {
		return badInputf("--fen %q: the side not to move has no pieces; the game ended before this position", o.fen)
	}
	if err := checkTTEntries(o.ttEntries, 1); err != nil {
		return err
	}
	if o.output != "" {
		if err := report.CheckOutput(o.output, o.force); err != nil {
			return badInput(err)
		}
	}
	pr, _, err := proverFor(o.dir, o.paikaLimit, &p, o.ttEntries)
	if err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	budget := proof.Budget{Nodes: o.nodes, Time: o.time}
	fmt.Fprintf(s.err, "fanorona: proving %s about %s under paika limit %d (budget %v", o.claim, p.FEN(), o.paikaLimit, o.time)
	if o.nodes > 0 {
		fmt.Fprintf(s.err, ", %d nodes", o.nodes)
	}
	fmt.Fprintln(s.err, ")")
	var cert proof.Certificate
	var line string
	if o.claim == "value" {
		vr, err := pr.Value(ctx, p, budget, version())
		if err != nil {
			return err
		}
		cert.Sections = vr.Sections
		what := "unknown within budget"
		if vr.Known {
			what = "value " + vr.Value.String() + " for the side to move"
		}
		line = fmt.Sprintf("%s  %s; %s (%d nodes, %.1f s)", p.FEN(), what, claimsLine(vr.Claims), vr.Nodes, vr.Elapsed.Seconds())
	} else {
		res, sec, err := pr.Prove(ctx, p, claim, budget, version())
		if err != nil {
			return err
		}
		if sec != nil {
			cert.Sections = []proof.Section{*sec}
		}
		line = fmt.Sprintf("%s  %s (%d nodes, %.1f s)", p.FEN(), claimsLine([]proof.Result{res}), res.Nodes, res.Elapsed.Seconds())
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	fmt.Fprintln(s.out, line)
	if o.output == "" {
		return nil
	}
	if len(cert.Sections) == 0 {
		fmt.Fprintf(s.err, "fanorona: nothing proven: %s not written\n", o.output)
		return nil
	}
	var buf bytes.Buffer
	if err := cert.Write(&buf); err != nil {
		return err
	}
	return writeOutputFile(s, o.output, buf.Bytes(), o.force)
}

// claimsLine says what each search established: "white-wins disproven (black-not-loses
// holds), black-wins unknown".
func claimsLine(rs []proof.Result) string {
	var b bytes.Buffer
	for i, r := range rs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %s", r.Claim, r.Outcome)
		if r.Outcome == proof.Disproven {
			fmt.Fprintf(&b, " (%s holds)", r.Claim.Opposite())
		}
	}
	return b.String()
}

func newCheckCmd(s *streams) *cobra.Command {
	var dir string
	c := &cobra.Command{
		Use:   "check CERT [--tablebases DIR]",
		Short: "Check a proof certificate with the move generator and the tables only: one line, exit 0 if it proves its claim, 1 if not",
		Args:  cobra.ExactArgs(1),
		RunE:  func(c *cobra.Command, args []string) error { return runCheck(s, args[0], dir) },
	}
	tablebasesFlag(c, &dir)
	return c
}

func runCheck(s *streams, path, dir string) error {
	cert, err := proof.ReadFile(path)
	if err != nil {
		return badInput(err)
	}
	needTables := false
	for _, sec := range cert.Sections {
		needTables = needTables || len(sec.Header.Tables) > 0
	}
	var tables proof.Tables
	var verify proof.VerifyFile
	folder := ""
	if needTables {
		d, err := tablebasesFolder(dir, tablebase.Required)
		if err != nil {
			return err
		}
		set := tablebase.Open(d)
		set.LoadWhole(1 << 24)
		tables, verify, folder = proof.FromSet(set, 0), proof.FileVerifier(d), d
	}
	rep, err := proof.Check(cert, tables, verify)
	var refusal *proof.Refusal
	var missing *proof.MissingTableError
	switch {
	case errors.As(err, &missing):
		return badInputf("%s: --tablebases %s: no %s, which the certificate needs at %s", path, folder, missing.File, missing.FEN)
	case errors.As(err, &refusal):
		return fmt.Errorf("%s: refused: %w", path, err)
	case err != nil:
		return badInputf("%s: %v", path, err)
	}
	fmt.Fprintln(s.out, rep.String())
	return nil
}

// runProveFolder runs durable proofs (--folder): of the claim or value about --fen, or with
// --opening of the value after each of White's first turns, in a subfolder each.
func runProveFolder(ctx context.Context, s *streams, o *proveOptions) error {
	switch {
	case o.folder == "" && o.status:
		return badInputf("--status: needs --folder")
	case o.folder == "":
		return badInputf("--opening: needs --folder")
	case o.opening && o.fen != "":
		return badInputf("--opening: the positions are the start's first turns; --fen is not wanted")
	case !o.opening && o.fen == "":
		return badInputf("--fen: required")
	case o.output != "":
		return badInputf("-o: with --folder the certificate is written into the folder")
	case o.time <= 0:
		return badInputf("--time %v: must be positive", o.time)
	case o.splitDepth < 0 || o.splitDepth > 6:
		return badInputf("--split-depth %d: must be 0 to 6", o.splitDepth)
	case o.workers < 1:
		return badInputf("--workers %d: must be 1 or more", o.workers)
	case o.snapshot <= 0:
		return badInputf("--snapshot-every %v: must be positive", o.snapshot)
	}
	if !o.status {
		if err := checkTTEntries(o.ttEntries, o.workers); err != nil {
			return err
		}
	}
	var claim *proof.Claim
	if o.claim != "value" {
		c, err := proof.ParseClaim(o.claim)
		if err != nil {
			return badInputf("--claim: %v", err)
		}
		claim = &c
	}
	type target struct {
		name string
		p    engine.Position
	}
	var targets []target
	if o.opening {
		start := engine.Start()
		var seen engine.ResultSet
		for _, t := range start.DistinctTurns(proof.Rules(o.paikaLimit), nil, &seen) {
			targets = append(targets, target{t.String(), start.Play(t)})
		}
	} else {
		p, err := parseFENFlag(o.fen)
		if err != nil {
			return err
		}
		if p.Own() != 0 && p.Enemy() == 0 {
			return badInputf("--fen %q: the side not to move has no pieces; the game ended before this position", o.fen)
		}
		targets = []target{{"", p}}
	}
	if st, err := os.Stat(o.folder); err == nil && !st.IsDir() {
		return badInputf("--folder %s: not a folder", o.folder)
	}
	var tables proof.Tables
	if !o.status {
		set, err := solveTablebases(o.dir, o.paikaLimit, &targets[0].p)
		if err != nil {
			return err
		}
		if set != nil {
			set.LoadWhole(1 << 24)
			tables = proof.FromSet(set, 0)
		}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	for _, tg := range targets {
		dir := filepath.Join(o.folder, tg.name)
		line, err := proveInFolder(ctx, s, o, dir, tg.p, claim, tables)
		if err != nil {
			return err
		}
		if tg.name != "" {
			line = tg.name + "  " + line
		}
		fmt.Fprintln(s.out, line)
	}
	return nil
}

// proveInFolder runs the durable proof of claim (nil: the value, as two claims in two
// subfolders) about p in dir and returns its one line.
func proveInFolder(ctx context.Context, s *streams, o *proveOptions, dir string, p engine.Position, claim *proof.Claim, tables proof.Tables) (string, error) {
	claims := []proof.Claim{{Side: p.Side, Kind: proof.Wins}, {Side: p.Side.Other(), Kind: proof.Wins}}
	if claim != nil {
		claims = []proof.Claim{*claim}
	}
	var parts []string
	for _, c := range claims {
		sub := dir
		if claim == nil {
			sub = filepath.Join(dir, c.String())
		}
		out, fs, err := runFolderClaim(ctx, s, o, sub, p, c, tables)
		if err != nil {
			return "", err
		}
		parts = append(parts, fmt.Sprintf("%s %s (%d jobs: %d proven, %d disproven, %d unknown, %d open; %d nodes, %.0f s)",
			c, out, fs.Jobs, fs.Proven, fs.Disproven, fs.Unknown, fs.Open, fs.Nodes, fs.Seconds))
		if claim != nil || out != proof.Disproven {
			break
		}
	}
	return fmt.Sprintf("%s  %s", p.FEN(), strings.Join(parts, "; ")), nil
}

// folderStatus prints each job's result of the proof folder dir on stdout and returns
// where the proof stands; a folder not made yet is open with no jobs.
func folderStatus(s *streams, dir string) (proof.Outcome, proof.FolderStatus, error) {
	m, err := proof.ReadManifest(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return proof.Unknown, proof.FolderStatus{}, nil
	}
	if err != nil {
		return proof.Unknown, proof.FolderStatus{}, badInput(err)
	}
	st, err := m.Status(dir)
	if err != nil {
		return proof.Unknown, st, badInput(err)
	}
	for j, fen := range m.Jobs {
		r, ok := proof.ReadResult(dir, j)
		if !ok {
			fmt.Fprintf(s.out, "%s job %d %s: open\n", dir, j, fen)
			continue
		}
		fmt.Fprintf(s.out, "%s job %d %s: %s (%d nodes, %.0f s, budget %s)\n", dir, j, fen, r.Outcome, r.Nodes, r.Seconds, jobBudget(r))
	}
	return st.Outcome, st, nil
}

// jobBudget writes a job's budget: "5m0s", "6000000 nodes" or both.
func jobBudget(r proof.JobResult) string {
	var parts []string
	if r.BudgetSeconds > 0 {
		parts = append(parts, time.Duration(r.BudgetSeconds*float64(time.Second)).String())
	}
	if r.BudgetNodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", r.BudgetNodes))
	}
	return strings.Join(parts, ", ")
}

// runFolderClaim runs the jobs of one claim's folder with o.workers workers, and writes its
// certificate once the root is decided.
func runFolderClaim(ctx context.Context, s *streams, o *proveOptions, dir string, p engine.Position, c proof.Claim, tables proof.Tables) (proof.Outcome, proof.FolderStatus, error) {
	if o.status {
		return folderStatus(s, dir)
	}
	provers := make([]*proof.Prover, o.workers)
	for i := range provers {
		pr, err := proof.NewProver(proof.Options{PaikaLimit: o.paikaLimit, Tables: tables, TTEntries: o.ttEntries, SnapshotEvery: o.snapshot})
		if err != nil {
			return proof.Unknown, proof.FolderStatus{}, badInput(err)
		}
		provers[i] = pr
	}
	split := o.splitDepth
	if !o.splitSet {
		split = -1 // the folder's own, or the default for a new one
	}
	m, err := proof.OpenFolder(dir, p, c, provers[0], split)
	if err != nil {
		return proof.Unknown, proof.FolderStatus{}, badInput(err)
	}
	if err := m.CheckJobs(dir); err != nil {
		return proof.Unknown, proof.FolderStatus{}, err
	}
	fmt.Fprintf(s.err, "fanorona: %s: %s about %s, %d jobs\n", dir, c, m.Root, len(m.Jobs))
	var mu sync.Mutex
	progress := func(r proof.JobResult) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(s.err, "fanorona: %s job %d %s: %s (%d nodes, %.1f s)\n", dir, r.Job, r.FEN, r.Outcome, r.Nodes, r.Seconds)
	}
	budget := proof.Budget{Nodes: o.nodes, Time: o.time}
	errs := make([]error, len(provers))
	var wg sync.WaitGroup
	for i, pr := range provers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = proof.RunJobs(ctx, dir, m, pr, budget, version(), progress)
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return proof.Unknown, proof.FolderStatus{}, fmt.Errorf("%s: interrupted; the results of the jobs that finished are kept in %s: run the same command again to go on: %w",
			dir, filepath.Join(dir, "jobs"), ctx.Err())
	}
	if err := errors.Join(errs...); err != nil {
		return proof.Unknown, proof.FolderStatus{}, err
	}
	fs, err := m.Status(dir)
	if err != nil || fs.Outcome == proof.Unknown {
		return fs.Outcome, fs, err
	}
	sec, err := m.Combine(dir, tables, version())
	if err != nil {
		return proof.Unknown, fs, err
	}
	var buf bytes.Buffer
	if err := (&proof.Certificate{Sections: []proof.Section{sec}}).Write(&buf); err != nil {
		return proof.Unknown, fs, err
	}
	path := filepath.Join(dir, "certificate.fpc.gz")
	if err := report.WriteFile(path, buf.Bytes(), true); err != nil {
		return proof.Unknown, fs, err
	}
	fmt.Fprintf(s.err, "fanorona: wrote %s\n", path)
	return fs.Outcome, fs, nil
}
