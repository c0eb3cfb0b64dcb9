package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// damagedLastBlock copies the tables of src and flips a bit in the last byte of file
// name, inside its last block; it returns the folder and that block's number (from the
// header's block count at byte 84).
func damagedLastBlock(t *testing.T, src, name string) (string, int) {
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(src)))
	p := filepath.Join(dir, name)
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	b[len(b)-1] ^= 0x40
	require.NoError(t, os.WriteFile(p, b, 0o644))
	return dir, int(binary.LittleEndian.Uint32(b[84:])) - 1
}

func TestRunsAndAnalysesRefuseADamagedTableBeforePlaying(t *testing.T) {
	good := buildTables(t, "3")
	dir, block := damagedLastBlock(t, good, "2v1.p50.fntb")
	line := "fanorona: --tablebases " + dir + ": tablebase: " + filepath.Join(dir, "2v1.p50.fntb") +
		": block " + strconv.Itoa(block) + " checksum mismatch: damaged or mismatched tablebase file\n"
	out := filepath.Join(t.TempDir(), "run")
	for _, args := range [][]string{
		{"selfplay", "--player", "expert:depth=1", "--games", "2", "--tablebases", dir, "-o", out},
		{"tournament", "--players", "expert:depth=1,greedy", "--games", "2", "--tablebases", dir, "-o", out},
		{"analyze", "--player", "expert:depth=1", "--tablebases", dir},
		{"play", "--white", "expert:depth=1", "--black", "expert:depth=1", "--tablebases", dir},
		{"engine", "--tablebases", dir},
	} {
		code, stdout, stderr := runCmd(t, "quit\n", args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Equal(t, line, stderr, "%v", args)
		assert.Empty(t, stdout, "%v", args)
		assert.NoDirExists(t, out, "%v: nothing written", args)
	}
	// The theoretic tables are sound: a run without a paika limit probes only them.
	code, _, stderr := runCmd(t, "", "analyze", "--player", "expert:depth=1", "--tablebases", dir, "--paika-limit", "0")
	assert.Equal(t, 0, code, stderr)
}

func TestRunRecordsTheTableFilesItChecked(t *testing.T) {
	dir := buildTables(t, "3")
	out := filepath.Join(t.TempDir(), "run")
	code, _, stderr := runCmd(t, "", "selfplay", "--player", "expert:depth=1", "--games", "2", "--tablebases", dir, "-o", out)
	require.Equal(t, 0, code, stderr)
	raw, err := os.ReadFile(filepath.Join(out, record.RunFile))
	require.NoError(t, err)
	var run struct {
		Files []struct {
			File   string `json:"file"`
			Bytes  int64  `json:"bytes"`
			Values string `json:"values_crc32c"`
			Header string `json:"header_crc32c"`
		} `json:"tablebase_files"`
	}
	require.NoError(t, json.Unmarshal(raw, &run))
	var names []string
	for _, f := range run.Files {
		names = append(names, f.File)
		b, err := os.ReadFile(filepath.Join(dir, f.File))
		require.NoError(t, err)
		assert.Equal(t, int64(len(b)), f.Bytes, f.File)
		assert.Equal(t, fmt.Sprintf("%08x", binary.LittleEndian.Uint32(b[116:])), f.Values, f.File)
		assert.Equal(t, fmt.Sprintf("%08x", binary.LittleEndian.Uint32(b[124:])), f.Header, f.File)
	}
	// The default paika limit is 50: its tables, not the theoretic ones.
	assert.ElementsMatch(t, []string{"1v1.p50.fntb", "2v1.p50.fntb", "1v2.p50.fntb"}, names)
}

// TestEveryUseOfAFolderChecksEveryHeader: a folder with one file whose header is broken,
// of a rule the command would not probe (limit 50 for runs without a limit), is refused
// before anything is played or written, by runs as by analyses; and `tune --games-from`
// checks the blocks of the tables it labels with, as a run does.
func TestEveryUseOfAFolderChecksEveryHeader(t *testing.T) {
	good := buildTables(t, "3")
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(good)))
	p := filepath.Join(dir, "1v2.p50.fntb")
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	copy(b, "NOTATB!!")
	require.NoError(t, os.WriteFile(p, b, 0o644))
	line := "fanorona: --tablebases " + dir + ": tablebase: " + p + ": not a tablebase file (bad magic): damaged or mismatched tablebase file\n"
	out := filepath.Join(t.TempDir(), "run")
	for _, args := range [][]string{
		{"selfplay", "--player", "expert:depth=1", "--games", "2", "--paika-limit", "0", "--tablebases", dir, "-o", out},
		{"tournament", "--players", "expert:depth=1,greedy", "--games", "2", "--paika-limit", "0", "--tablebases", dir, "-o", out},
		{"analyze", "--player", "expert:depth=1", "--paika-limit", "0", "--tablebases", dir},
	} {
		code, stdout, stderr := runCmd(t, "", args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Equal(t, line, stderr, "%v", args)
		assert.Empty(t, stdout, "%v", args)
		assert.NoDirExists(t, out, "%v: nothing written", args)
	}

	code, _, stderr := runCmd(t, "", "selfplay", "--player", "greedy", "--games", "2", "--tablebases", "none", "-o", out)
	require.Equal(t, 0, code, stderr)
	blocks, block := damagedLastBlock(t, good, "2v1.fntb")
	code, stdout, stderr := runCmd(t, "", "tune", "--games-from", out, "--tablebases", blocks)
	assert.Equal(t, 2, code, stderr)
	assert.Equal(t, "fanorona: --tablebases "+blocks+": tablebase: "+filepath.Join(blocks, "2v1.fntb")+
		": block "+strconv.Itoa(block)+" checksum mismatch: damaged or mismatched tablebase file\n", stderr)
	assert.Empty(t, stdout)
}

func TestAnalyzeAndPlayRefuseABadTablebaseFolder(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the default folder: missing
	tb := buildTables(t, "3")
	damaged := filepath.Join(t.TempDir(), "damaged")
	require.NoError(t, os.CopyFS(damaged, os.DirFS(tb)))
	b, err := os.ReadFile(filepath.Join(tb, "2v1.fntb"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(damaged, "2v1.fntb"), b[:len(b)-1], 0o644))
	damagedLimit := filepath.Join(t.TempDir(), "damaged-limit") // a table of the paika limit's
	require.NoError(t, os.CopyFS(damagedLimit, os.DirFS(tb)))
	b, err = os.ReadFile(filepath.Join(tb, "1v2.p50.fntb"))
	require.NoError(t, err)
	copy(b, "NOTATB!!")
	require.NoError(t, os.WriteFile(filepath.Join(damagedLimit, "1v2.p50.fntb"), b, 0o644))
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	missing := filepath.Join(t.TempDir(), "missing")
	for _, c := range []struct{ dir, says string }{
		{missing, "no such file or directory"},
		{damaged, "2v1.fntb"},
		{damagedLimit, "1v2.p50.fntb"},
		{file, "not a folder"},
	} {
		for _, cmd := range [][]string{
			{"analyze", "--player", "greedy", "--tablebases", c.dir},
			{"play", "--black", "greedy", "--tablebases", c.dir},
		} {
			code, out, errs := runCmd(t, "quit\n", cmd...)
			assertBadInput(t, code, out, errs, "--tablebases "+c.dir, c.says)
		}
	}
	// Sound, off, and the default folder missing: accepted.
	for _, dir := range []string{tb, "none", ""} {
		code, _, errs := runCmd(t, "", "analyze", "--player", "expert:depth=2", "--fen", "9/9/9/9/4W2B1 w", "--tablebases", dir)
		assert.Equal(t, 0, code, "%q: %s", dir, errs)
	}
	// The default folder, when it exists and is damaged, is refused too.
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	require.NoError(t, os.CopyFS(tablebase.DefaultDir(), os.DirFS(damaged)))
	code, out, errs := runCmd(t, "", "analyze", "--player", "greedy")
	assertBadInput(t, code, out, errs, "2v1.fntb")
}

// TestSolveAndProbeRefuseADamagedTable: solve, puzzles solve and tablebase probe answered
// from a folder with a damaged block as long as the position's own block was sound; they
// refuse it like every other command, before any answer.
func TestSolveAndProbeRefuseADamagedTable(t *testing.T) {
	good := buildTables(t, "4")
	const fen = "9/9/2W3W2/9/3B1B3 w" // 2v2: its own block is not the last
	for _, name := range []string{"2v2.p50.fntb", "2v2.fntb"} {
		dir, block := damagedLastBlock(t, good, name)
		line := "fanorona: --tablebases " + dir + ": tablebase: " + filepath.Join(dir, name) +
			": block " + strconv.Itoa(block) + " checksum mismatch: damaged or mismatched tablebase file\n"
		limit := "50"
		if name == "2v2.fntb" {
			limit = "0"
		}
		for _, args := range [][]string{
			{"solve", "--fen", fen, "--paika-limit", limit, "--tablebases", dir},
			{"tablebase", "probe", "--fen", fen, "--tablebases", dir},
			{"prove", "--fen", fen, "--paika-limit", limit, "--tablebases", dir},
		} {
			code, stdout, stderr := runCmd(t, "", args...)
			assert.Equal(t, 2, code, "%v", args)
			assert.Equal(t, line, stderr, "%v", args)
			assert.Empty(t, stdout, "%v", args)
		}
	}
	// puzzles solve: the theoretic 3v2 puzzle reaches the theoretic 2v2 table.
	dir, _ := damagedLastBlock(t, buildTables(t, "5"), "2v2.fntb")
	code, stdout, stderr := runCmd(t, "", "puzzles", "solve", "longest-3v2", "--tablebases", dir)
	assertBadInput(t, code, stdout, stderr, "2v2.fntb: block")
}
