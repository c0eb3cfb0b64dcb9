package layers

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/fanorona/fanorona/"

// folderRanks orders the top folders from the bottom up. A package may import any package
// of its own top folder or of a lower one, never one of a higher folder. The internal
// packages are small helpers of any folder (atomic files, output gates, progress); engine
// imports none of the module's packages but its own.
var folderRanks = map[string]int{
	"internal":   0,
	"engine":     0,
	"stats":      1,
	"players":    2,
	"puzzles":    3,
	"tournament": 4,
	"cmd":        5,
}

// topFolder is a package's folder under the module root; the tablebases are the exception
// that the layering names: puzzles/tablebase sits below players (players reach tables
// through an interface it implements), the solver and the prover above.
func topFolder(pkg string) string {
	rel := strings.TrimPrefix(pkg, module)
	if rel == "puzzles/tablebase" || strings.HasPrefix(rel, "puzzles/tablebase/") {
		return "puzzles/tablebase"
	}
	top, _, _ := strings.Cut(rel, "/")
	return top
}

func rank(folder string) (int, bool) {
	if folder == "puzzles/tablebase" {
		return 1, true // beside stats: imports engine and internal only
	}
	r, ok := folderRanks[folder]
	return r, ok
}

// imports lists "importer imported" for every import of one module package by another,
// test files included (a test may not reach up either).
func imports(t *testing.T) [][2]string {
	cmd := exec.Command("go", "list", "-f",
		`{{$p := .ImportPath}}{{range .Imports}}{{$p}} {{.}}{{"\n"}}{{end}}{{range .TestImports}}{{$p}} {{.}}{{"\n"}}{{end}}{{range .XTestImports}}{{$p}} {{.}}{{"\n"}}{{end}}`,
		module+"...")
	out, err := cmd.Output()
	require.NoError(t, err, "go list: %s", out)
	var edges [][2]string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		from, to, ok := strings.Cut(sc.Text(), " ")
		if ok && strings.HasPrefix(to, module) && from != to {
			edges = append(edges, [2]string{from, to})
		}
	}
	return edges
}

func TestNoImportRunsUpward(t *testing.T) {
	edges := imports(t)
	require.Greater(t, len(edges), 50, "the module's imports were read")
	for _, e := range edges {
		from, to := topFolder(e[0]), topFolder(e[1])
		rf, ok := rank(from)
		require.True(t, ok, "%s: folder %s has no rank", e[0], from)
		rt, ok := rank(to)
		require.True(t, ok, "%s: folder %s has no rank", e[1], to)
		if from == to {
			continue
		}
		assert.NotEqual(t, "engine", from, "%s imports %s: engine uses only the standard library", e[0], e[1])
		assert.True(t, rt < rf || (rt == rf && to == "internal"),
			"%s imports %s: folder %s (rank %d) reaches up to %s (rank %d)", e[0], e[1], from, rf, to, rt)
	}
}

func TestTheRankingCatchesAnUpwardImport(t *testing.T) {
	// The check above, on edges that break it: players reaching into tournament, and the
	// tablebases into players.
	for _, e := range [][2]string{
		{module + "players/uci", module + "tournament/pgn"},
		{module + "puzzles/tablebase", module + "players"},
		{module + "engine", module + "stats"},
	} {
		rf, _ := rank(topFolder(e[0]))
		rt, _ := rank(topFolder(e[1]))
		assert.False(t, rt < rf, "%s → %s should be upward", e[0], e[1])
	}
}
