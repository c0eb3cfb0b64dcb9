// prove.go: the prove, check and prove-sample commands, thin over package puzzles/proof: a
// claim's df-pn proof with its certificate, the checker of certificates, and df-pn against
// the full tables on a seeded sample of positions, the search given only the smaller tables
// (proof.RunSample).

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/tournament/report"
	"github.com/spf13/cobra"
)

type proveOptions struct {
	req   proof.Request
	force bool
}

func newProveCmd(s *streams, runF func(*proveOptions) error) *cobra.Command {
	var o proveOptions
	r := &o.req
	c := &cobra.Command{
		Use:  "prove --fen F --claim white-wins|white-not-loses|black-wins|black-not-loses|value [-o cert.fpc.gz]",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			r.SplitGiven, r.TimeGiven, r.Toolkit = c.Flags().Changed("split-depth"), c.Flags().Changed("time"), version()
			return seam(runF, &o, func() error { return runProve(c, s, &o) })
		},
	}
	f := c.Flags()
	f.StringVar(&r.FEN, "fen", "", "position (required)")
	f.StringVar(&r.Claim, "claim", "value", "white-wins, white-not-loses, black-wins, black-not-loses, or value (two claims); with --opening --ledger the claim the jobs pursue (value: the nearest)")
	paikaLimitFlag(c, &r.PaikaLimit, "the rule of the claim: this paika limit at the FEN's counter (0 = theoretic, counters ignored)")
	tablebasesFlag(c, &r.Tablebases)
	f.Uint64Var(&r.Budget.Nodes, "nodes", 0, "node budget (0 = none)")
	f.DurationVar(&r.Budget.Time, "time", time.Minute, "time budget")
	f.StringVarP(&r.Output, "output", "o", "", "write the certificate to this new file (gzip JSON Lines)")
	f.BoolVar(&o.force, "force", false, "overwrite the output file if it exists")
	f.IntVar(&r.TTEntries, "tt-entries", proof.DefaultTTEntries, "transposition table entries (32 bytes each)")
	netFlag(c, &r.Net)
	f.StringVar(&r.Folder, "folder", "", "a durable proof in this folder: the top of the tree and its jobs, resumed when run again (--time is then each job's budget)")
	f.IntVar(&r.SplitDepth, "split-depth", proof.DefaultSplitDepth, "with --folder: plies of the top of the tree above its jobs (a folder made already keeps its own)")
	f.IntVar(&r.Workers, "workers", 1, "with --folder: jobs run at once (one transposition table each)")
	f.BoolVar(&r.Opening, "opening", false, "with --folder: the value of each of White's first turns from the start, in a folder each")
	f.DurationVar(&r.SnapshotEvery, "snapshot-every", proof.DefaultSnapshotEvery, "with --folder: save a job's search this often (jobs/N.tt), so that a killed job resumes where it was and an unknown one goes on under a larger --time")
	f.BoolVar(&r.Status, "status", false, "with --folder: print where the proof stands, each job's result, and run nothing; with --opening --ledger: the standing from the ledger alone")
	f.StringVar(&r.Ledger, "ledger", "", "the campaign's ledger folder (ledger.jsonl and its certificates): --opening runs its next --jobs, --opening --status says the standing, --import adds a certificate")
	f.IntVar(&r.Jobs, "jobs", 1, "with --opening --ledger: jobs this run, the nearest claim's first, each within --time and --nodes")
	f.StringSliceVar(&r.FirstTurns, "first-turns", nil, "with --opening --ledger: only these of White's first turns (e.g. d3-e3A)")
	f.BoolVar(&r.JSON, "json", false, "with --ledger --status: one JSON line")
	f.BoolVar(&r.Markdown, "markdown", false, "with --ledger --status: a Markdown table (docs/OPENING.md)")
	f.StringVar(&r.Import, "import", "", "with --ledger: check this certificate (--tablebases) and add it, --nodes and --time its search's figures")
	return c
}

// netFlag declares --net, the evaluation that initialises the proof numbers.
func netFlag(c *cobra.Command, dst *string) {
	c.Flags().StringVar(dst, "net", "default", "evaluation that sets new positions' initial proof numbers: default (the embedded net), none (turn counts only) or a net file")
}

func runProve(c *cobra.Command, s *streams, o *proveOptions) error {
	r := o.req
	r.Ready = func() error { return badInput(report.CheckOutput(r.Output, o.force)) }
	a, err := proof.Run(c.Context(), r, func(e proof.FolderEvent) {
		switch e.(type) {
		case proof.JobState, proof.TargetOutcome, proof.Standing, proof.LedgerImported:
			fmt.Fprintln(s.out, e)
		default:
			fmt.Fprintf(s.err, "fanorona: %s\n", e)
		}
	})
	if err != nil || a == nil {
		return err
	}
	fmt.Fprintln(s.out, a)
	data, err := a.Certificate()
	switch {
	case err != nil || r.Output == "":
		return err
	case data == nil:
		fmt.Fprintf(s.err, "fanorona: nothing proven: %s not written\n", r.Output)
		return nil
	}
	return writeOutputFile(s, r.Output, data, o.force)
}

type checkOptions struct {
	args []string // the certificate
	dir  string
}

func newCheckCmd(s *streams, runF func(*checkOptions) error) *cobra.Command {
	var o checkOptions
	c := &cobra.Command{
		Use:  "check CERT [--tablebases DIR]",
		Args: cobra.ExactArgs(1),
		RunE: runs(s, runF, &o, &o.args, func(_ context.Context, s *streams, o *checkOptions) error {
			rep, err := proof.CheckFile(o.args[0], o.dir)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(s.out, rep.String())
			return err
		}),
	}
	tablebasesFlag(c, &o.dir)
	return c
}

type proveSampleOptions struct{ req proof.SampleRequest }

func newProveSampleCmd(s *streams, runF func(*proveSampleOptions) error) *cobra.Command {
	var o proveSampleOptions
	r := &o.req
	c := &cobra.Command{
		Use:  "prove-sample --tablebases DIR (--reference DIR [--pieces 6,7] [--count N] [--seed S] | --positions FILE [--reference DIR])",
		Args: cobra.NoArgs,
		RunE: runs(s, runF, &o, nil, runProveSample),
	}
	f := c.Flags()
	r.Given, r.Toolkit = f.Changed, version() // Changed reads the flags as parsed
	tablebasesFlag(c, &r.Tablebases)
	f.StringVar(&r.Reference, "reference", "", "folder of the full tables the values are compared to (required without --positions)")
	f.StringVar(&r.File, "positions", "", "prove every position of this positions file (docs/FORMATS.md) instead of a random sample")
	f.StringVar(&r.PiecesList, "pieces", "6,7", "pieces on the board, taken in turn")
	f.IntVar(&r.Count, "count", 100, "positions")
	f.Uint64Var(&r.Seed, "seed", 1, "seed of the sample")
	paikaLimitFlag(c, &r.PaikaLimit, "the rule (0 = theoretic)")
	f.Uint64Var(&r.Budget.Nodes, "nodes", 0, "node budget of each position (0 = none); given without --time, no time budget")
	f.DurationVar(&r.Budget.Time, "time", time.Minute, "budget of each position")
	f.DurationVar(&r.Total, "total", 0, "stop starting positions after this wall time (0 = none)")
	f.StringVar(&r.Certificates, "certificates", "", "folder to write each decided position's certificate into (must not exist)")
	f.BoolVar(&r.Quiet, "quiet", false, "only positions whose side to move cannot capture")
	f.BoolVar(&r.Balanced, "balanced", false, "positions of the reference's values win, draw and loss for the side to move in turn")
	f.IntVar(&r.TTEntries, "tt-entries", proof.DefaultTTEntries, "transposition table entries")
	netFlag(c, &r.Net)
	return c
}

func runProveSample(ctx context.Context, s *streams, o *proveSampleOptions) error {
	enc := json.NewEncoder(s.out)
	sum, err := proof.RunSample(ctx, o.req, func(rec proof.SampleRecord, of int) error {
		if err := enc.Encode(rec); err != nil {
			return err
		}
		fmt.Fprintf(s.err, "fanorona: %d/%d %s\n", rec.Index+1, of, rec)
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(s.err, "fanorona: %s\n", sum)
	return nil
}
