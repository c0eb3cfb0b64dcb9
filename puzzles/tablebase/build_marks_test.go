// build_marks_test.go: the capture marks of a build change no value.

package tablebase

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuildWithoutCaptureMarksGivesTheSameBytes: the materials of 4 pieces built again
// without capture marks (as a build does once a code would reach the mark) hold exactly the bytes of the tables
// built with them, which the exhaustive solutions check (brute_test.go).
func TestBuildWithoutCaptureMarksGivesTheSameBytes(t *testing.T) {
	set := Open(smallTables(t))
	for _, m := range []Material{{3, 1}, {2, 2}} {
		b := &builder{ctx: context.Background(), workers: 2, material: m, noMarks: true}
		for _, d := range m.Dependencies() {
			for _, c := range d.Classes() {
				dt, err := set.Table(c, Theoretic)
				require.NoError(t, err)
				b.deps[c.Own][c.Enemy] = dt
			}
		}
		cs := m.Classes()
		b.tables[0] = newTable(cs[0], 0)
		b.tables[1] = b.tables[0]
		if len(cs) == 2 {
			b.tables[1] = newTable(cs[1], 0)
		}
		require.NoError(t, b.run(checkpointState{}, false))
		for _, got := range b.distinct() {
			want, err := set.Table(got.Class(), Theoretic)
			require.NoError(t, err)
			assert.Equal(t, want.bytes, got.bytes, "%v", got.Class())
		}
	}
}
