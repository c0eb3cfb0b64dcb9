// snapshot.go: a long search saved as it goes. df-pn keeps everything it has learnt in
// its transposition table and starts each iteration again from the root, so the table is
// the search's whole state: saved every few minutes, it lets a search killed at any
// moment resume where it was, and a search whose budget ended go on under a larger one.
// Every entry of a table is sound at any moment (a proven or disproven number is a proof
// made; the others only guide), so a snapshot taken mid-search is a valid start.
//
// Snapshot file (little-endian): a 96-byte header, then the table's entries, 32 bytes each
// (key low and high words, proof number, disproof number, work, zero):
//
//	 0  [8]byte  magic "FANPROOF"
//	 8  uint32   snapshot version; 12 uint32 paika limit of the claim
//	16  uint64   root key, low word; 24 uint64 high word (the root position and counter)
//	32  uint8    claim side (0 White, 1 Black); 33 uint8 claim kind (0 wins, 1 does not lose); 34..39 zero
//	40  uint64   entries; 48 uint64 nodes searched so far; 56 int64 nanoseconds searched so far
//	64  uint32   CRC-32C of the entries; 68..91 zero; 92 uint32 CRC-32C of bytes 0..91

package proof

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"time"
	"unsafe"

	"github.com/fanorona/fanorona/internal/atomicfile"
)

const (
	snapshotMagic   = "FANPROOF"
	snapshotVersion = 1
	snapshotHeader  = 96
)

// DefaultSnapshotEvery is how often a search with a snapshot file saves its table.
const DefaultSnapshotEvery = 5 * time.Minute

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func init() {
	// The entries are written as they are in memory: little-endian, 32 bytes, no padding.
	var e entry
	w := uint64(1)
	if unsafe.Sizeof(e) != 32 || *(*byte)(unsafe.Pointer(&w)) != 1 {
		panic("proof: snapshots need a little-endian machine and 32-byte entries")
	}
}

// SetSnapshot makes the following searches save their table to path every
// Options.SnapshotEvery (and when they stop undecided), and start from the snapshot path
// holds: "" saves nothing. A search that decides its claim removes the file. A snapshot of
// another root, claim, rule or table size, or a damaged one, is an error naming the file.
func (s *Prover) SetSnapshot(path string) { s.snapPath = path }

// snapshotHeader returns the header of a snapshot of the search under way.
func (s *Prover) snapshotHeader(root key) []byte {
	h := make([]byte, snapshotHeader)
	le := binary.LittleEndian
	copy(h, snapshotMagic)
	le.PutUint32(h[8:], snapshotVersion)
	le.PutUint32(h[12:], uint32(s.limit))
	le.PutUint64(h[16:], root.lo)
	le.PutUint64(h[24:], root.hi)
	h[32], h[33] = byte(s.claim.Side), byte(s.claim.Kind)
	le.PutUint64(h[40:], uint64(len(s.tt.entries)))
	le.PutUint64(h[48:], s.nodes)
	le.PutUint64(h[56:], uint64(s.priorTime+time.Since(s.searchStart)))
	le.PutUint32(h[64:], crc32.Checksum(s.tt.bytes(), castagnoli))
	le.PutUint32(h[92:], crc32.Checksum(h[:92], castagnoli))
	return h
}

// bytes returns the table's entries as bytes, for snapshots.
func (t *ttable) bytes() []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.entries))), len(t.entries)*int(unsafe.Sizeof(entry{})))
}

// saveSnapshot writes the table through atomicfile, so that a kill while it is written
// leaves the previous snapshot whole.
func (s *Prover) saveSnapshot() error {
	err := atomicfile.Write(s.snapPath, func(f *os.File) error {
		if _, err := f.Write(s.snapshotHeader(s.snapRoot)); err != nil {
			return err
		}
		_, err := f.Write(s.tt.bytes())
		return err
	})
	if err != nil {
		return fmt.Errorf("proof: writing snapshot %s: %w", s.snapPath, err)
	}
	s.lastSnap = time.Now()
	return nil
}

// loadSnapshot fills the table from the snapshot of the search of s.claim about root,
// returning the nodes and time it had searched; ok is false when there is none.
func (s *Prover) loadSnapshot(root key) (nodes uint64, searched time.Duration, ok bool, err error) {
	f, err := os.Open(s.snapPath)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, fmt.Errorf("proof: %w", err)
	}
	defer f.Close()
	bad := func(format string, args ...any) error {
		return damaged(fmt.Errorf("proof: snapshot %s: %s (remove it to search from the start)", s.snapPath, fmt.Sprintf(format, args...)))
	}
	h := make([]byte, snapshotHeader)
	if _, err := io.ReadFull(f, h); err != nil {
		return 0, 0, false, bad("header: %v", err)
	}
	le := binary.LittleEndian
	switch {
	case string(h[:8]) != snapshotMagic:
		return 0, 0, false, bad("not a snapshot")
	case le.Uint32(h[92:]) != crc32.Checksum(h[:92], castagnoli):
		return 0, 0, false, bad("header checksum mismatch")
	case le.Uint32(h[8:]) != snapshotVersion:
		return 0, 0, false, bad("version %d, want %d", le.Uint32(h[8:]), snapshotVersion)
	case int(le.Uint32(h[12:])) != s.limit || (key{le.Uint64(h[16:]), le.Uint64(h[24:])}) != root ||
		h[32] != byte(s.claim.Side) || h[33] != byte(s.claim.Kind):
		return 0, 0, false, bad("of another claim, position or rule")
	case le.Uint64(h[40:]) != uint64(len(s.tt.entries)):
		return 0, 0, false, bad("a table of %d entries, not %d", le.Uint64(h[40:]), len(s.tt.entries))
	}
	b := s.tt.bytes()
	if _, err := io.ReadFull(f, b); err != nil {
		return 0, 0, false, bad("entries: %v", err)
	}
	if crc32.Checksum(b, castagnoli) != le.Uint32(h[64:]) {
		s.tt.clear()
		return 0, 0, false, bad("entries checksum mismatch")
	}
	return le.Uint64(h[48:]), time.Duration(le.Uint64(h[56:])), true, nil
}
