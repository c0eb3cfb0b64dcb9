// files.go: reading games files (or run folders) into an Accumulator line by line, as
// stats does, with the heap held near what the accumulator keeps; reading a sequential
// test's setting; the comparison of two sets' game lengths as stats --json prints it.

package summary

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/tournament/pgn"
)

// HeapSoftLimit caps the heap the garbage collector lets grow before collecting while
// records are read (unless GOMEMLIMIT is set): what an accumulator keeps is small (8
// bytes a record), and the cap keeps the heap near it (docs/PERFORMANCE.md).
const HeapSoftLimit = 64 << 20

// ReadOptions are how ReadFiles reads.
type ReadOptions struct {
	SPRT   *SPRTConfig             // the sequential test on each pair (nil: none)
	Replay bool                    // replay every game through the engine: an illegal turn is an error
	Bad    func(*record.LineError) // each line skipped (may be nil)
}

// ReadFiles streams the records of games files, PGN-style files (pgn.Records) or run
// folders, mixed, into an accumulator. Bad
// lines are skipped (reported to o.Bad), exact duplicates dropped and counted (also when
// no valid record is left); a
// conflict, an unreadable file, no valid record or (with o.Replay) an illegal game is an
// error. It bounds the process's heap for the read (HeapSoftLimit, and a low GC target
// unless GOGC is set): the accumulator keeps a few large pointer-free tables, cheap to
// collect.
func ReadFiles(paths []string, o ReadOptions) (acc *Accumulator, duplicates int, err error) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(HeapSoftLimit)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(25)
	}
	acc = NewAccumulator(o.SPRT, nil, nil)
	st, err := record.ScanRecords(paths, record.ScanOptions{Bad: o.Bad, Other: pgn.Records}, func(r *record.Record, at record.Place) error {
		if o.Replay {
			if err := record.Replay(r); err != nil {
				return fmt.Errorf("%s: game %d: %w", at, r.Index, err)
			}
		}
		acc.Add(r, at.File)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	if st.Records == 0 {
		return nil, st.Duplicates, fmt.Errorf("no valid game records in %s", strings.Join(paths, ", "))
	}
	return acc, st.Duplicates, nil
}

// ParseSPRT reads a sequential test's setting: "elo0,elo1" or "elo0,elo1,alpha,beta"
// (alpha and beta 0.05 when not given).
func ParseSPRT(s string) (*SPRTConfig, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return nil, errors.New("expected elo0,elo1 or elo0,elo1,alpha,beta")
	}
	v := []float64{0, 0, 0.05, 0.05}
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("%q is not a finite number", p)
		}
		v[i] = x
	}
	if v[1] <= v[0] || v[2] <= 0 || v[2] >= 0.5 || v[3] <= 0 || v[3] >= 0.5 {
		return nil, errors.New("need elo0 < elo1 and 0 < alpha, beta < 0.5")
	}
	return &SPRTConfig{Elo0: v[0], Elo1: v[1], Alpha: v[2], Beta: v[3]}, nil
}

// Comparison is a summary with, when two sets were read, the comparison of their game
// lengths, as stats --json prints it.
type Comparison struct {
	LengthKS   *LengthKS   `json:"length_ks,omitempty"`
	SampleSize *SampleSize `json:"sample_size,omitempty"` // stats --detect
	Summary    *Summary    `json:"summary"`
}

// LengthKS is a LengthComparison in JSON.
type LengthKS struct {
	D      Num    `json:"d"`
	Exact  bool   `json:"exact"`
	M      int    `json:"m"`
	Method string `json:"method"`
	N      int    `json:"n"`
	PValue Num    `json:"p_value"`
}

// JSON returns the comparison as Comparison.LengthKS holds it.
func (c LengthComparison) JSON() *LengthKS {
	return &LengthKS{D: Num(c.D), Exact: c.Exact, M: c.M, Method: c.Method, N: c.N, PValue: Num(c.PValue)}
}
