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
	"github.com/fanorona/fanorona/tournament"
	"github.com/spf13/cobra"
)

func init() {
	registerCommand(newProveSampleCmd)
	commandExamples["fanorona prove-sample"] = `  # the tables of at most 4 pieces (tablebase build --max-pieces 4 --tablebases tb4) prove the values
  # of 100 positions of 5 pieces, each compared with the full tables of the default folder
  fanorona prove-sample --tablebases tb4 --reference ~/.cache/fanorona/tablebases --pieces 5 --count 100 --seed 1 --certificates certs
  fanorona prove-sample --tablebases ~/.cache/fanorona/tablebases --positions quiet-9-12.txt --nodes 50000000 > sample.jsonl`
}

type proveSampleOptions struct {
	dir, reference, pieces, certs string
	positions                     string
	count                         int
	seed                          uint64
	paikaLimit                    int
	nodes                         uint64
	time, total                   time.Duration
	ttEntries                     int
	quiet                         bool
	changed                       func(flag string) bool // whether a flag was given
}

func newProveSampleCmd(s *streams) *cobra.Command {
	var o proveSampleOptions
	c := &cobra.Command{
		Use:   "prove-sample --tablebases DIR (--reference DIR [--pieces 6,7] [--count N] [--seed S] | --positions FILE [--reference DIR])",
		Short: "Prove the values of a seeded sample of positions, or of a positions file, with the smaller tables and compare them to the full tables (JSON Lines)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.changed = c.Flags().Changed
			return runProveSample(c.Context(), s, &o)
		},
	}
	tablebasesFlag(c, &o.dir)
	c.Flags().StringVar(&o.reference, "reference", "", "folder of the full tables the values are compared to (required without --positions)")
	c.Flags().StringVar(&o.positions, "positions", "", "prove every position of this positions file (docs/FORMATS.md) instead of a random sample")
	c.Flags().StringVar(&o.pieces, "pieces", "6,7", "pieces on the board, taken in turn")
	c.Flags().IntVar(&o.count, "count", 100, "positions")
	c.Flags().Uint64Var(&o.seed, "seed", 1, "seed of the sample")
	paikaLimitFlag(c, &o.paikaLimit, "the rule (0 = theoretic)")
	c.Flags().Uint64Var(&o.nodes, "nodes", 0, "node budget of each position (0 = none); given without --time, no time budget")
	c.Flags().DurationVar(&o.time, "time", time.Minute, "budget of each position")
	c.Flags().DurationVar(&o.total, "total", 0, "stop starting positions after this wall time (0 = none)")
	c.Flags().StringVar(&o.certs, "certificates", "", "folder to write each decided position's certificate into (must not exist)")
	c.Flags().BoolVar(&o.quiet, "quiet", false, "only positions whose side to move cannot capture")
	c.Flags().IntVar(&o.ttEntries, "tt-entries", proof.DefaultTTEntries, "transposition table entries")
	return c
}

// sampleRecord is one line of prove-sample's output. Seed is null for the positions of a
// file; Table and Agrees are null when no reference table holds the position's class.
type sampleRecord struct {
	Seed        *uint64  `json:"seed"`
	Positions   string   `json:"positions,omitempty"` // the positions file, with --positions
	Line        int      `json:"line,omitempty"`      // the position's line in it
	Index       int      `json:"index"`
	FEN         string   `json:"fen"`
	Class       string   `json:"class"`
	PaikaLimit  int      `json:"paika_limit"`
	Table       *string  `json:"table"`  // the full table's value for the side to move
	Proved      string   `json:"proved"` // win, draw, loss, or "" when undecided
	Claims      []string `json:"claims"` // what each search established
	Agrees      *bool    `json:"agrees"` // every claim proven holds in the full table
	Nodes       uint64   `json:"nodes"`
	Seconds     float64  `json:"seconds"`
	Certificate string   `json:"certificate,omitempty"`
	Bytes       int      `json:"bytes,omitempty"` // the certificate's size (gzip), whether written or not
}

// samplePosition is one position to prove: drawn from the seed, or read from line Line
// of a positions file.
type samplePosition struct {
	p    engine.Position
	line int
}

// sampleSource returns the positions to prove one at a time (ok false at the end) and
// their count, after checking the flags; a positions file is read and checked whole
// first, so that a bad line writes nothing.
func sampleSource(o *proveSampleOptions, refSet *tablebase.Set) (next func() (samplePosition, bool), count int, err error) {
	rule := tablebase.PaikaRule(o.paikaLimit)
	if o.positions != "" {
		for _, f := range []string{"pieces", "count", "seed", "quiet"} {
			if o.changed != nil && o.changed(f) {
				return nil, 0, badInputf("--%s: not with --positions (the file gives the positions)", f)
			}
		}
		fps, _, err := tournament.ReadPositionsFile(o.positions)
		if err != nil {
			return nil, 0, badInput(err)
		}
		for _, fp := range fps {
			p := fp.Position
			switch {
			case p.Own() != 0 && p.Enemy() == 0:
				return nil, 0, badInputf("%s:%d: %s: the side not to move has no pieces; the game ended before this position", o.positions, fp.Line, p.FEN())
			case o.paikaLimit > 0 && p.Paika > o.paikaLimit:
				return nil, 0, badInputf("%s:%d: %s: paika counter %d is above --paika-limit %d", o.positions, fp.Line, p.FEN(), p.Paika, o.paikaLimit)
			}
		}
		i := 0
		return func() (samplePosition, bool) {
			if i == len(fps) {
				return samplePosition{}, false
			}
			i++
			return samplePosition{fps[i-1].Position, fps[i-1].Line}, true
		}, len(fps), nil
	}
	var pieces []int
	for _, f := range strings.Split(o.pieces, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 3 || n > 2*engine22 {
			return nil, 0, badInputf("--pieces %q: expected counts of 3 to 44 pieces separated by commas", o.pieces)
		}
		pieces = append(pieces, n)
	}
	if refSet == nil {
		return nil, 0, badInputf("--reference: required without --positions (the sample's classes are those it holds)")
	}
	if o.count < 1 {
		return nil, 0, badInputf("--count %d: must be 1 or more", o.count)
	}
	rng := rand.New(rand.NewPCG(o.seed, uint64(o.paikaLimit)))
	i := 0
	return func() (samplePosition, bool) {
		if i == o.count {
			return samplePosition{}, false
		}
		n := pieces[i%len(pieces)]
		i++
		for {
			p := proof.RandomPosition(rng, n)
			c, _ := tablebase.ClassOf(&p)
			if refSet.Has(c, rule) && !(o.quiet && p.CanCapture()) { // a class the reference holds
				return samplePosition{p: p}, true
			}
		}
	}, o.count, nil
}

func runProveSample(ctx context.Context, s *streams, o *proveSampleOptions) error {
	if o.nodes > 0 && (o.changed == nil || !o.changed("time")) {
		o.time = 0 // a node budget alone: the result does not depend on the machine's load
	}
	if o.time < 0 || (o.time == 0 && o.nodes == 0) {
		return badInputf("--time %v: must be positive (or --nodes given)", o.time)
	}
	if err := checkPaikaLimit(o.paikaLimit); err != nil {
		return err
	}
	if err := checkTTEntries(o.ttEntries, 1); err != nil {
		return err
	}
	var refSet *tablebase.Set
	if o.reference != "" {
		ref, err := tablesDirChecked(o.reference)
		if err != nil {
			return err
		}
		refSet = tablebase.Open(ref)
	}
	next, count, err := sampleSource(o, refSet)
	if err != nil {
		return err
	}
	if o.certs != "" {
		if err := os.Mkdir(o.certs, 0o755); err != nil {
			return badInputf("--certificates %s: %v", o.certs, err)
		}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	rule := tablebase.PaikaRule(o.paikaLimit)
	start := time.Now()
	var pr *proof.Prover
	agreed, compared, decided, done := 0, 0, 0, 0
	enc := json.NewEncoder(s.out)
	for i := 0; ; i++ {
		if o.total > 0 && time.Since(start) > o.total {
			break
		}
		sp, ok := next()
		if !ok {
			break
		}
		p := sp.p
		c, _ := tablebase.ClassOf(&p)
		if pr == nil {
			var set *tablebase.Set
			if pr, set, err = proverFor(o.dir, o.paikaLimit, &p, o.ttEntries); err != nil {
				return err
			}
			// The first position's reach was checked; the sample's others may have more pieces.
			if set != nil {
				if _, err := set.CheckReach(engine.Points, tablebase.PaikaRule(o.paikaLimit)); err != nil {
					return badInputf("--tablebases %s: %w", o.dir, err)
				}
			}
		}
		var want *tablebase.Value
		if refSet != nil && refSet.Has(c, rule) {
			v, err := refSet.Probe(&p, rule)
			if err != nil {
				return err
			}
			want = &v
		}
		vr, err := pr.Value(ctx, p, proof.Budget{Nodes: o.nodes, Time: o.time}, version())
		if err != nil {
			return fmt.Errorf("%s: %w", p.FEN(), err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		rec := sampleRecord{Index: i, FEN: p.FEN(), Class: c.String(), PaikaLimit: o.paikaLimit,
			Claims: []string{}, Nodes: vr.Nodes, Seconds: vr.Elapsed.Seconds()}
		if o.positions != "" {
			rec.Positions, rec.Line = o.positions, sp.line
		} else {
			rec.Seed = &o.seed
		}
		for _, r := range vr.Claims {
			rec.Claims = append(rec.Claims, r.Claim.String()+" "+r.Outcome.String())
		}
		if vr.Known {
			rec.Proved = vr.Value.String()
			decided++
		}
		table := "no reference"
		if want != nil {
			table = want.Outcome.String()
			agrees := !vr.Known || vr.Value == want.Outcome
			for _, sec := range vr.Sections {
				agrees = agrees && claimHolds(sec.Header.Claim, *want, p.Side)
			}
			rec.Table, rec.Agrees = &table, &agrees
			compared++
			if agrees {
				agreed++
			}
		}
		if len(vr.Sections) > 0 {
			var buf bytes.Buffer
			if err := (&proof.Certificate{Sections: vr.Sections}).Write(&buf); err != nil {
				return err
			}
			rec.Bytes = buf.Len()
			if o.certs != "" {
				name := fmt.Sprintf("%d-%d.fpc.gz", o.seed, i)
				if o.positions != "" {
					name = fmt.Sprintf("line%d.fpc.gz", sp.line)
				}
				rec.Certificate = filepath.Join(o.certs, name)
				if err := os.WriteFile(rec.Certificate, buf.Bytes(), 0o644); err != nil {
					return err
				}
			}
		}
		done++
		if err := enc.Encode(rec); err != nil {
			return err
		}
		fmt.Fprintf(s.err, "fanorona: %d/%d %s %s: table %s, proved %q, %d nodes, %.1f s\n", i+1, count, p.FEN(), c, table, rec.Proved, vr.Nodes, vr.Elapsed.Seconds())
	}
	agreement := ""
	if refSet != nil {
		agreement = fmt.Sprintf(", %d of %d compared agree with the full tables", agreed, compared)
	}
	fmt.Fprintf(s.err, "fanorona: %d positions, %d decided%s, %.0f s\n", done, decided, agreement, time.Since(start).Seconds())
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
