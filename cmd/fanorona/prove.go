// prove.go: the prove and check commands: a claim's df-pn proof with its certificate, and
// the checker of certificates (package puzzles/proof).

package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/spf13/cobra"
)

func init() {
	registerCommand(func(s *streams) *cobra.Command { return newProveCmd(s, nil) })
	registerCommand(newCheckCmd)
	commandExamples["fanorona prove"] = `  fanorona prove --fen "9/9/2W1W4/3B1B3/9 w" --claim value -o cert.fpc.gz
  fanorona prove --fen "9/9/2W1W4/3B1B3/9 w" --claim white-not-loses --paika-limit 0 --time 30s`
	commandExamples["fanorona check"] = `  fanorona check cert.fpc.gz --tablebases ~/.cache/fanorona/tablebases`
}

type proveOptions struct {
	fen, claim, dir, output, folder string
	paikaLimit, ttEntries, workers  int
	splitDepth                      int
	splitSet                        bool // --split-depth given: an existing folder must have been split so
	nodes                           uint64
	time, snapshot                  time.Duration
	force, opening, status          bool
}

func newProveCmd(s *streams, runF func(*proveOptions) error) *cobra.Command {
	var o proveOptions
	c := &cobra.Command{
		Use:   "prove --fen F --claim white-wins|white-not-loses|black-wins|black-not-loses|value [-o cert.fpc.gz]",
		Short: "Prove a claim about a position by df-pn search over the tablebases, and write its certificate",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.splitSet = c.Flags().Changed("split-depth")
			if runF != nil {
				return runF(&o)
			}
			if o.opening || o.folder != "" || o.status {
				return runProveFolder(c.Context(), s, &o)
			}
			return runProve(c.Context(), s, &o)
		},
	}
	f := c.Flags()
	f.StringVar(&o.fen, "fen", "", "position (required)")
	f.StringVar(&o.claim, "claim", "value", "white-wins, white-not-loses, black-wins, black-not-loses, or value (two claims)")
	paikaLimitFlag(c, &o.paikaLimit, "the rule of the claim: this paika limit at the FEN's counter (0 = theoretic, counters ignored)")
	tablebasesFlag(c, &o.dir)
	f.Uint64Var(&o.nodes, "nodes", 0, "node budget (0 = none)")
	f.DurationVar(&o.time, "time", time.Minute, "time budget")
	f.StringVarP(&o.output, "output", "o", "", "write the certificate to this new file (gzip JSON Lines)")
	f.BoolVar(&o.force, "force", false, "overwrite the output file if it exists")
	f.IntVar(&o.ttEntries, "tt-entries", proof.DefaultTTEntries, "transposition table entries (32 bytes each)")
	f.StringVar(&o.folder, "folder", "", "a durable proof in this folder: the top of the tree and its jobs, resumed when run again (--time is then each job's budget)")
	f.IntVar(&o.splitDepth, "split-depth", proof.DefaultSplitDepth, "with --folder: plies of the top of the tree above its jobs (a folder made already keeps its own)")
	f.IntVar(&o.workers, "workers", 1, "with --folder: jobs run at once (one transposition table each)")
	f.BoolVar(&o.opening, "opening", false, "with --folder: the value of each of White's first turns from the start, in a folder each")
	f.DurationVar(&o.snapshot, "snapshot-every", proof.DefaultSnapshotEvery,
		"with --folder: save a job's search this often (jobs/N.tt), so that a killed job resumes where it was and an unknown one goes on under a larger --time")
	f.BoolVar(&o.status, "status", false, "with --folder: print where the proof stands, each job's result, and run nothing")
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

// proofTables opens the tables of a proof about p (solveTablebases) for the search.
func proofTables(dir string, limit int, p *engine.Position) (proof.Tables, error) {
	set, err := solveTablebases(dir, limit, p)
	return proof.SearchTables(set), err
}

// gameEnded refuses a position of --fen whose side not to move has no pieces.
func gameEnded(p *engine.Position, fen string) error {
	if p.Own() != 0 && p.Enemy() == 0 {
		return badInputf("--fen %q: the side not to move has no pieces; the game ended before this position", fen)
	}
	return nil
}

// proveClaim parses --claim: nil for the value.
func proveClaim(s string) (*proof.Claim, error) {
	if s == "value" {
		return nil, nil
	}
	c, err := proof.ParseClaim(s)
	if err != nil {
		return nil, badInputf("--claim: %v", err)
	}
	return &c, nil
}

func runProve(ctx context.Context, s *streams, o *proveOptions) error {
	if o.fen == "" {
		return badInputf("--fen: required")
	}
	p, err := parseFENFlag(o.fen)
	if err != nil {
		return err
	}
	claim, err := proveClaim(o.claim)
	switch {
	case err != nil:
		return err
	case o.time <= 0:
		return badInputf("--time %v: must be positive", o.time)
	}
	if err := gameEnded(&p, o.fen); err != nil {
		return err
	}
	if err := checkTTEntries(o.ttEntries, 1); err != nil {
		return err
	}
	if o.output != "" {
		if err := report.CheckOutput(o.output, o.force); err != nil {
			return badInput(err)
		}
	}
	tables, err := proofTables(o.dir, o.paikaLimit, &p)
	if err != nil {
		return err
	}
	pr, err := proof.NewProver(proof.Options{PaikaLimit: o.paikaLimit, Tables: tables, TTEntries: o.ttEntries})
	if err != nil {
		return badInput(err)
	}
	nodes := ""
	if o.nodes > 0 {
		nodes = fmt.Sprintf(", %d nodes", o.nodes)
	}
	fmt.Fprintf(s.err, "fanorona: proving %s about %s under paika limit %d (budget %v%s)\n", o.claim, p.FEN(), o.paikaLimit, o.time, nodes)
	a, err := pr.Answer(ctx, p, claim, proof.Budget{Nodes: o.nodes, Time: o.time}, version())
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(s.out, a)
	if o.output == "" {
		return nil
	}
	if len(a.Sections) == 0 {
		fmt.Fprintf(s.err, "fanorona: nothing proven: %s not written\n", o.output)
		return nil
	}
	data, err := (&proof.Certificate{Sections: a.Sections}).Bytes()
	if err != nil {
		return err
	}
	return writeOutputFile(s, o.output, data, o.force)
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
	var tables proof.Tables
	var verify proof.VerifyFile
	folder := ""
	if cert.NeedsTables() {
		if folder, err = tablebasesFolder(dir, tablebase.Required); err != nil {
			return err
		}
		tables, verify = proof.SearchTables(tablebase.Open(folder)), proof.FileVerifier(folder)
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
	if err := checkProveFolder(o); err != nil {
		return err
	}
	claim, err := proveClaim(o.claim)
	if err != nil {
		return err
	}
	run := proof.FolderRun{Folder: o.folder, Claim: claim, PaikaLimit: o.paikaLimit, TTEntries: o.ttEntries,
		SnapshotEvery: o.snapshot, SplitDepth: -1, Workers: o.workers,
		Budget: proof.Budget{Nodes: o.nodes, Time: o.time}, Toolkit: version(), StatusOnly: o.status}
	if o.splitSet {
		run.SplitDepth = o.splitDepth
	}
	if o.opening {
		run.Targets = proof.OpeningTargets(o.paikaLimit)
	} else {
		p, err := parseFENFlag(o.fen)
		if err == nil {
			err = gameEnded(&p, o.fen)
		}
		if err != nil {
			return err
		}
		run.Targets = []proof.Target{{Position: p}}
	}
	if st, err := os.Stat(o.folder); err == nil && !st.IsDir() {
		return badInputf("--folder %s: not a folder", o.folder)
	}
	if !o.status {
		if run.Tables, err = proofTables(o.dir, o.paikaLimit, &run.Targets[0].Position); err != nil {
			return err
		}
	}
	err = run.Run(ctx, func(e proof.FolderEvent) {
		switch e.(type) {
		case proof.JobState, proof.TargetOutcome:
			fmt.Fprintln(s.out, e)
		default:
			fmt.Fprintf(s.err, "fanorona: %s\n", e)
		}
	})
	if errors.Is(err, proof.ErrBadFolder) {
		return badInput(err)
	}
	return err
}

// checkProveFolder refuses the flags a durable proof cannot run with.
func checkProveFolder(o *proveOptions) error {
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
	case !o.status:
		return checkTTEntries(o.ttEntries, o.workers)
	}
	return nil
}
