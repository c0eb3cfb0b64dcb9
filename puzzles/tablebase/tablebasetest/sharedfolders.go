// Package tablebasetest gives the tests of the packages that read tablebases (the solver, the
// proof search) small sets of tables built once per test binary, instead of a builder
// of their own in each package's tests.
package tablebasetest

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/fanorona/fanorona/puzzles/tablebase"
)

// MaxPieces is the largest set Tables builds: every class of 6 pieces already costs
// minutes of CPU.
const MaxPieces = 6

var sets [MaxPieces + 1]struct {
	once sync.Once
	dir  string
	err  error
}

// Tables returns a folder holding every class of at most pieces pieces (2 to MaxPieces),
// theoretic and under paika limit 50, built once per test binary. The set of one piece
// fewer is made first and copied in (Build skips the materials whose files exist), so
// asking for several sizes costs only the largest, and each folder holds exactly its set.
// Tests only read it; TestMain calls Cleanup.
func Tables(t testing.TB, pieces int) string {
	t.Helper()
	if pieces < 2 || pieces > MaxPieces {
		t.Fatalf("tablebasetest: tables of %d pieces: want 2 to %d", pieces, MaxPieces)
	}
	var smaller string
	if pieces > 2 {
		smaller = Tables(t, pieces-1)
	}
	s := &sets[pieces]
	s.once.Do(func() {
		s.dir, s.err = os.MkdirTemp("", fmt.Sprintf("tables-%d-", pieces))
		if s.err == nil && smaller != "" {
			s.err = os.CopyFS(s.dir, os.DirFS(smaller))
		}
		for _, limit := range []int{0, 50} {
			if s.err == nil {
				_, s.err = tablebase.Build(context.Background(), tablebase.BuildOptions{Dir: s.dir, MaxPieces: pieces, Workers: 2, PaikaLimit: limit})
			}
		}
	})
	if s.err != nil {
		t.Fatalf("tablebasetest: tables of %d pieces: %v", pieces, s.err)
	}
	return s.dir
}

// Cleanup removes every folder Tables made.
func Cleanup() {
	for i := range sets {
		if sets[i].dir != "" {
			os.RemoveAll(sets[i].dir)
		}
	}
}
