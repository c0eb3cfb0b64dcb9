package proof

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/puzzles/tablebase"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// snapshotProver returns a prover under paika limit 50 with the tables of 2 pieces only,
// saving its snapshot at every budget check.
func snapshotProver(t *testing.T, entries int) *Prover {
	pr, err := NewProver(Options{PaikaLimit: 50, Tables: FromSet(tablebase.Open(builtTables(t)), 2), TTEntries: entries, SnapshotEvery: time.Nanosecond})
	require.NoError(t, err)
	return pr
}

// A 2v2 draw: "White wins" is disproven only when every White line is refuted down to
// the 2-piece tables, which takes the search over ten thousand nodes.
var (
	snapshotFEN   = "W7W/9/9/9/B7B w"
	snapshotClaim = Claim{engine.White, Wins}
)

func TestSearchResumesFromItsSnapshot(t *testing.T) {
	p := engine.MustParseFEN(snapshotFEN)
	fresh, err := snapshotProver(t, 1<<16).Search(context.Background(), p, snapshotClaim, Budget{})
	require.NoError(t, err)
	require.Equal(t, Disproven, fresh.Outcome, "the 4-piece table's draw")
	require.Greater(t, fresh.Nodes, uint64(10_000))

	path := filepath.Join(t.TempDir(), "job.tt")
	cut := snapshotProver(t, 1<<16)
	cut.SetSnapshot(path)
	stopped, err := cut.Search(context.Background(), p, snapshotClaim, Budget{Nodes: fresh.Nodes / 2})
	require.NoError(t, err)
	require.Equal(t, Unknown, stopped.Outcome)
	h, err := os.ReadFile(path)
	require.NoError(t, err, "an undecided search leaves its snapshot")
	assert.Equal(t, stopped.Nodes, binary.LittleEndian.Uint64(h[48:]), "the snapshot's nodes")

	// The budget counts what the snapshot searched: no more nodes, no search.
	again := snapshotProver(t, 1<<16)
	again.SetSnapshot(path)
	same, err := again.Search(context.Background(), p, snapshotClaim, Budget{Nodes: stopped.Nodes})
	require.NoError(t, err)
	assert.Equal(t, Unknown, same.Outcome)
	assert.Equal(t, stopped.Nodes, same.Nodes)

	// Another process goes on from the snapshot and decides the claim.
	resumed := snapshotProver(t, 1<<16)
	resumed.SetSnapshot(path)
	done, err := resumed.Search(context.Background(), p, snapshotClaim, Budget{})
	require.NoError(t, err)
	assert.Equal(t, fresh.Outcome, done.Outcome)
	assert.Greater(t, done.Nodes, stopped.Nodes, "the nodes before count in the result")
	assert.Less(t, done.Nodes-stopped.Nodes, fresh.Nodes, "it went on rather than starting over")
	assert.NoFileExists(t, path, "a decided search removes its snapshot")
	t.Logf("fresh %d nodes; stopped at %d, resumed to %d", fresh.Nodes, stopped.Nodes, done.Nodes)
}

func TestSnapshotOfAnotherSearchOrDamagedIsRefused(t *testing.T) {
	p := engine.MustParseFEN(snapshotFEN)
	path := filepath.Join(t.TempDir(), "job.tt")
	cut := snapshotProver(t, 1<<12)
	cut.SetSnapshot(path)
	_, err := cut.Search(context.Background(), p, snapshotClaim, Budget{Nodes: 5000})
	require.NoError(t, err)
	good, err := os.ReadFile(path)
	require.NoError(t, err)

	search := func(entries int, c Claim) error {
		pr := snapshotProver(t, entries)
		pr.SetSnapshot(path)
		_, err := pr.Search(context.Background(), p, c, Budget{Nodes: 1})
		return err
	}
	err = search(1<<12, Claim{engine.Black, DoesNotLose})
	require.Error(t, err)
	assert.Equal(t, "proof: snapshot "+path+": of another claim, position or rule (remove it to search from the start)", err.Error())
	err = search(1<<13, snapshotClaim)
	assert.ErrorContains(t, err, "a table of 4096 entries, not 8192")

	damaged := append([]byte(nil), good...)
	damaged[snapshotHeader+len(damaged[snapshotHeader:])/2] ^= 1
	require.NoError(t, os.WriteFile(path, damaged, 0o644))
	err = search(1<<12, snapshotClaim)
	assert.ErrorContains(t, err, path+": entries checksum mismatch")
	kept, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, damaged, kept, "a refused snapshot is left as it was")
}

func TestDamagedSnapshotIsTheFoldersDamage(t *testing.T) {
	err := damaged(errors.New("proof: snapshot x.tt: bad"))
	assert.ErrorIs(t, err, ErrDamaged)
	var bad interface{ BadInput() bool }
	assert.True(t, errors.As(err, &bad) && bad.BadInput(), "marked as bad input (a command exits 2)")
	assert.Equal(t, "proof: snapshot x.tt: bad", err.Error(), "the message as it was")
}
