// provesample.go: the prove-sample command: df-pn against the full tables on a seeded
// sample of positions, the search given only the smaller tables.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/proof"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/spf13/cobra"
)

func init() {
	registerCommand(newProveSampleCmd)
	commandExamples["fanorona prove-sample"] = `  fanorona prove-sample --tablebases tb5 --reference ~/.cache/fanorona/tablebases --pieces 6,7 --count 100 --seed 1 --certificates certs`
}

type proveSampleOptions struct {
	dir, reference, pieces, certs string
	count                         int
	seed                          uint64
	paikaLimit                    int
	time, total                   time.Duration
	ttEntries                     int
	quiet                         bool
}

func newProveSampleCmd(s *streams) *cobra.Command {
	var o proveSampleOptions
	c := &cobra.Command{
		Use:   "prove-sample --tablebases DIR --reference DIR [--pieces 6,7] [--count N] [--seed S]",
		Short: "Prove the values of a seeded sample of positions with the smaller tables and compare them to the full tables (JSON Lines)",
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, _ []string) error { return runProveSample(c.Context(), s, &o) },
	}
	tablebasesFlag(c, &o.dir)
	c.Flags().StringVar(&o.reference, "reference", "", "folder of the full tables the values are compared to (required)")
	c.Flags().StringVar(&o.pieces, "pieces", "6,7", "pieces on the board, taken in turn")
	c.Flags().IntVar(&o.count, "count", 100, "positions")
	c.Flags().Uint64Var(&o.seed, "seed", 1, "seed of the sample")
	paikaLimitFlag(c, &o.paikaLimit, "the rule (0 = theoretic)")
	c.Flags().DurationVar(&o.time, "time", time.Minute, "budget of each position")
	c.Flags().DurationVar(&o.total, "total", 0, "stop starting positions after this wall time (0 = none)")
	c.Flags().StringVar(&o.certs, "certificates", "", "folder to write each decided position's certificate into (must not exist)")
	c.Flags().BoolVar(&o.quiet, "quiet", false, "only positions whose side to move cannot capture")
	c.Flags().IntVar(&o.ttEntries, "tt-entries", proof.DefaultTTEntries, "transposition table entries")
	return c
}

// sampleRecord is one line of prove-sample's output.
type sampleRecord struct {
	Seed        uint64   `json:"seed"`
	Index       int      `json:"index"`
	FEN         string   `json:"fen"`
	Class       string   `json:"class"`
	PaikaLimit  int      `json:"paika_limit"`
	Table       string   `json:"table"`  // the full table's value for the side to move
	Proved      string   `json:"proved"` // win, draw, loss, or "" when undecided
	Claims      []string `json:"claims"` // what each search established
	Agrees      bool     `json:"agrees"` // every claim proven holds in the full table
	Nodes       uint64   `json:"nodes"`
	Seconds     float64  `json:"seconds"`
	Certificate string   `json:"certificate,omitempty"`
	Bytes       int      `json:"bytes,omitempty"`
}

func runProveSample(ctx context.Context, s *streams, o *proveSampleOptions) error {
	var pieces []int
	for _, f := range strings.Split(o.pieces, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 3 || n > 2*engine22 {
			return badInputf("--pieces %q: expected counts of 3 to 44 pieces separated by commas", o.pieces)
		}
		pieces = append(pieces, n)
	}
	if o.count < 1 || o.time <= 0 || o.reference == "" {
		return badInputf("--count must be 1 or more, --time positive, --reference given")
	}
	ref, err := tablesDirChecked(o.reference)
	if err != nil {
		return err
	}
	if o.certs != "" {
		if err := os.Mkdir(o.certs, 0o755); err != nil {
			return badInputf("--certificates %s: %v", o.certs, err)
		}
	}
	refSet := tablebase.Open(ref)
	rng := rand.New(rand.NewPCG(o.seed, uint64(o.paikaLimit)))
	if ctx == nil {
		ctx = context.Background()
	}
	start := time.Now()
	var pr *proof.Prover
	agreed, decided, done := 0, 0, 0
	enc := json.NewEncoder(s.out)
	for i := 0; i < o.count; i++ {
		if o.total > 0 && time.Since(start) > o.total {
			break
		}
		var p = proof.RandomPosition(rng, pieces[i%len(pieces)])
		c, _ := tablebase.ClassOf(&p)
		for !refSet.Has(c, tablebase.PaikaRule(o.paikaLimit)) || (o.quiet && p.CanCapture()) { // a class the reference holds
			p = proof.RandomPosition(rng, pieces[i%len(pieces)])
			c, _ = tablebase.ClassOf(&p)
		}
		if pr == nil {
			if pr, _, err = proverFor(o.dir, o.paikaLimit, &p, o.ttEntries); err != nil {
				return err
			}
		}
		want, err := refSet.Probe(&p, tablebase.PaikaRule(o.paikaLimit))
		if err != nil {
			return err
		}
		vr, err := pr.Value(ctx, p, proof.Budget{Time: o.time}, version())
		if err != nil {
			return fmt.Errorf("%s: %w", p.FEN(), err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		rec := sampleRecord{Seed: o.seed, Index: i, FEN: p.FEN(), Class: c.String(), PaikaLimit: o.paikaLimit,
			Table: want.Outcome.String(), Claims: []string{}, Agrees: true, Nodes: vr.Nodes, Seconds: vr.Elapsed.Seconds()}
		for _, r := range vr.Claims {
			rec.Claims = append(rec.Claims, r.Claim.String()+" "+r.Outcome.String())
		}
		for _, sec := range vr.Sections {
			rec.Agrees = rec.Agrees && claimHolds(sec.Header.Claim, want, p.Side)
		}
		if vr.Known {
			rec.Proved = vr.Value.String()
			rec.Agrees = rec.Agrees && vr.Value == want.Outcome
			decided++
		}
		if rec.Agrees {
			agreed++
		}
		if o.certs != "" && len(vr.Sections) > 0 {
			var buf bytes.Buffer
			if err := (&proof.Certificate{Sections: vr.Sections}).Write(&buf); err != nil {
				return err
			}
			rec.Certificate = filepath.Join(o.certs, fmt.Sprintf("%d-%d.fpc.gz", o.seed, i))
			rec.Bytes = buf.Len()
			if err := os.WriteFile(rec.Certificate, buf.Bytes(), 0o644); err != nil {
				return err
			}
		}
		done++
		if err := enc.Encode(rec); err != nil {
			return err
		}
		fmt.Fprintf(s.err, "fanorona: %d/%d %s %s: table %s, proved %q, %d nodes, %.1f s\n", i+1, o.count, p.FEN(), c, rec.Table, rec.Proved, vr.Nodes, vr.Elapsed.Seconds())
	}
	fmt.Fprintf(s.err, "fanorona: %d positions, %d decided, %d agree with the full tables, %.0f s\n", done, decided, agreed, time.Since(start).Seconds())
	return nil
}

// engine22 is the most pieces a side has.
const engine22 = 22

// tablesDirChecked resolves a folder of tables that must exist.
func tablesDirChecked(dir string) (string, error) { return tablebasesFolder(dir, tablebase.Required) }

// claimHolds reports whether a claim ("white-wins") holds for a position of value want for
// its side to move side.
func claimHolds(claim string, want tablebase.Value, side engine.Color) bool {
	c, err := proof.ParseClaim(claim)
	if err != nil {
		return false
	}
	o := want.Outcome
	if c.Side != side && o != tablebase.Draw {
		o = map[tablebase.Outcome]tablebase.Outcome{tablebase.Win: tablebase.Loss, tablebase.Loss: tablebase.Win}[o]
	}
	return o == tablebase.Win || (c.Kind == proof.DoesNotLose && o == tablebase.Draw)
}
