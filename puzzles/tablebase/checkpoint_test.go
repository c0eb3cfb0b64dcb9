package tablebase

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cutBuild builds m under limit into a new folder, checkpointing after every level, and
// cancels it when the stop-th level pass of m starts; it returns the folder. With
// fromTheoretic, the theoretic tables of m and what it needs are built there first.
func cutBuild(t *testing.T, m Material, limit, stop int, fromTheoretic bool) string {
	dir := t.TempDir()
	if fromTheoretic {
		_, err := Build(context.Background(), BuildOptions{Dir: dir, Target: &m, Workers: 2})
		require.NoError(t, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	passes, lastDone := 0, ""
	live := liveTableBytes.Load()
	_, err := Build(ctx, BuildOptions{Dir: dir, Target: &m, PaikaLimit: limit, Workers: 2, CheckpointEvery: time.Nanosecond,
		Progress: func(p Progress) {
			// A pass ends with a report of all its slots, which a tick may have sent
			// already (and ticks report it meanwhile); the passes of both tests'
			// materials alternate between their two classes, so two passes in a row
			// never share a stage.
			if p.Material == m && strings.HasPrefix(p.Stage, "plies ") && p.Done == p.Total && p.Stage != lastDone {
				lastDone = p.Stage
				if passes++; passes == stop {
					cancel()
				}
			}
		}})
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, live, liveTableBytes.Load(), "an interrupted build frees its tables")
	return dir
}

func TestBuildResumesFromItsCheckpoint(t *testing.T) {
	m := Material{3, 1}
	for _, run := range []struct {
		limit         int
		fromTheoretic bool // the rule-aware build starts from the theoretic values
	}{{0, false}, {50, false}, {50, true}} {
		limit := run.limit
		t.Run(fmt.Sprintf("limit=%d/fromTheoretic=%v", limit, run.fromTheoretic), func(t *testing.T) {
			whole := t.TempDir()
			_, err := Build(context.Background(), BuildOptions{Dir: whole, Target: &m, PaikaLimit: limit, Workers: 2})
			require.NoError(t, err)

			dir := cutBuild(t, m, limit, 7, run.fromTheoretic)
			ckpt := filepath.Join(dir, CheckpointFileName(m, limit))
			h, err := os.ReadFile(ckpt)
			require.NoError(t, err, "a checkpoint is left")
			level := binary.LittleEndian.Uint32(h[20:])
			assert.Less(t, len(h), int(m.Slots()/4), "the checkpoint's values are compressed")
			// Two passes a level (one a class): the 7th is the first of the fourth level,
			// so three levels are done and saved, the fourth not.
			require.Equal(t, uint32(3), level, "the last level saved")
			for _, c := range m.Classes() {
				require.NoFileExists(t, filepath.Join(dir, FileName(c, PaikaRule(limit))))
			}

			var stages []string
			reps, err := Build(context.Background(), BuildOptions{Dir: dir, Target: &m, PaikaLimit: limit, Workers: 2,
				CheckpointEvery: time.Nanosecond, Progress: func(p Progress) {
					if p.Material == m {
						stages = append(stages, p.Stage)
					}
				}})
			require.NoError(t, err)
			last := reps[len(reps)-1]
			require.Equal(t, m, last.Material)
			assert.True(t, last.Built)
			assert.True(t, last.Resumed)
			assert.Equal(t, run.fromTheoretic, last.FromTheoretic, "the marks of the checkpoint are taken up")
			assert.Equal(t, run.fromTheoretic, h[28] == 1, "byte 28 of the checkpoint says whether its values hold marks")
			wantPlies := int(level) - 1 // theoretic codes are plies+1
			if limit > 0 {
				wantPlies = int(level) >> 1 // rule codes are 2·plies (+1 for a loss)
			}
			assert.Equal(t, wantPlies, last.ResumedPlies)
			for _, s := range stages {
				assert.False(t, strings.HasPrefix(s, "init"), "the resumed build ran init again: %q", s)
			}
			assert.NoFileExists(t, ckpt, "the checkpoint is removed once the tables are written")
			got, want := readFiles(t, dir), readFiles(t, whole)
			for _, c := range m.Classes() {
				name := FileName(c, PaikaRule(limit))
				require.Contains(t, got, name)
				assert.True(t, bytes.Equal(want[name], got[name]), "%s resumed differs from the build in one go", name)
			}
		})
	}
}

func TestDamagedOrForeignCheckpointIsRefused(t *testing.T) {
	m := Material{3, 1}
	dir := cutBuild(t, m, 0, 5, false)
	ckpt := filepath.Join(dir, CheckpointFileName(m, 0))
	good, err := os.ReadFile(ckpt)
	require.NoError(t, err)
	build := func(limit int) error {
		_, err := Build(context.Background(), BuildOptions{Dir: dir, Target: &m, PaikaLimit: limit, Workers: 2, Only: true})
		return err
	}

	damaged := bytes.Clone(good)
	damaged[checkpointHeader+len(damaged[checkpointHeader:])/2] ^= 0x40
	require.NoError(t, os.WriteFile(ckpt, damaged, 0o644))
	err = build(0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), ckpt)
	assert.Contains(t, err.Error(), "checksum mismatch")
	assert.NotContains(t, err.Error(), "\n")
	kept, err := os.ReadFile(ckpt)
	require.NoError(t, err)
	assert.Equal(t, damaged, kept, "a refused checkpoint is left as it was")
	assert.NoFileExists(t, filepath.Join(dir, FileName(Class{3, 1}, Theoretic)))

	// The theoretic checkpoint under the rule's name belongs to another build.
	require.NoError(t, os.Remove(ckpt))
	_, err = Build(context.Background(), BuildOptions{Dir: dir, Target: &Material{2, 1}, PaikaLimit: 50, Workers: 2}) // what 3v1 under the rule needs
	require.NoError(t, err)
	foreign := filepath.Join(dir, CheckpointFileName(m, 50))
	require.NoError(t, os.WriteFile(foreign, good, 0o644))
	err = build(50)
	require.Error(t, err)
	assert.Contains(t, err.Error(), foreign)
	assert.Contains(t, err.Error(), "holds 3v1 under paika limit 0, not 3v1 under 50")
}

// Values of several chunks, compressed two at a time, read back as they were; a damaged
// chunk is named.
func TestCheckpointChunksRoundTrip(t *testing.T) {
	values := make([]byte, 3*checkpointChunk+12345)
	x := uint64(28)
	for i := range values {
		x = x*6364136223846793005 + 1442695040888963407
		if x>>61 == 0 { // mostly draws, as a table's values are
			values[i] = byte(x>>53) + byte(i/checkpointChunk)
		}
	}
	var one bytes.Buffer // one worker: 2 buffers for 4 chunks, so records are reused
	require.NoError(t, writeChunks(&one, values, 1))
	var file bytes.Buffer
	require.NoError(t, writeChunks(&file, values, 2))
	assert.True(t, bytes.Equal(one.Bytes(), file.Bytes()), "the same chunks on one worker and two")
	assert.Less(t, file.Len(), len(values), "compressed")

	got := make([]byte, len(values))
	require.NoError(t, readChunks(bytes.NewReader(file.Bytes()), got))
	assert.True(t, bytes.Equal(values, got), "the values read back differ")

	// The third chunk's record starts after the first two records.
	raw := file.Bytes()
	third := 0
	for range 2 {
		third += 8 + int(binary.LittleEndian.Uint32(raw[third:]))
	}
	damaged := bytes.Clone(raw)
	damaged[third+8+int(binary.LittleEndian.Uint32(raw[third:]))/2] ^= 0x10
	err := readChunks(bytes.NewReader(damaged), got)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "chunk 2: checksum mismatch")

	err = readChunks(bytes.NewReader(raw[:len(raw)-1]), got)
	require.Error(t, err, "a cut file")
	assert.Contains(t, err.Error(), "chunk 3")
}

// failingWriter takes ok writes, then fails.
type failingWriter struct{ ok int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.ok == 0 {
		return 0, os.ErrClosed
	}
	w.ok--
	return len(p), nil
}

// A write that fails midway is the error, and the compressing goroutines still finish.
func TestCheckpointWriteErrorStopsTheChunks(t *testing.T) {
	values := make([]byte, 9*checkpointChunk/2)
	err := writeChunks(&failingWriter{ok: 1}, values, 2)
	assert.ErrorIs(t, err, os.ErrClosed)
}

// TestBuildRemovesAKilledCheckpointWrite: the temporary file of a checkpoint that a killed
// build was writing is removed when the material's files are written.
func TestBuildRemovesAKilledCheckpointWrite(t *testing.T) {
	m := Material{2, 1}
	dir := t.TempDir()
	// What atomicfile leaves of a write killed midway: a temporary file beside the name.
	ckpt := filepath.Join(dir, CheckpointFileName(m, 0))
	f, err := os.CreateTemp(dir, "."+filepath.Base(ckpt)+".*.tmp")
	require.NoError(t, err)
	_, err = f.WriteString("half a checkpoint")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	tmp := f.Name()
	leftovers, err := atomicfile.Leftovers(ckpt)
	require.NoError(t, err)
	require.Equal(t, []string{tmp}, leftovers, "the file a killed write leaves")
	_, err = Build(context.Background(), BuildOptions{Dir: dir, Target: &m, PaikaLimit: 0, Workers: 2})
	require.NoError(t, err)
	assert.NoFileExists(t, tmp)
	for _, c := range m.Classes() {
		assert.FileExists(t, filepath.Join(dir, FileName(c, Theoretic)))
	}
}
