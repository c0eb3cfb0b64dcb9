// identity.go: what makes a record one game of one run (a run id and the game's index),
// what makes two games the same game (their players, opening, rules and turns), and the
// compact sets that remember both in a few bytes a game.

package record

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/maphash"
	"path/filepath"
)

// RunIDLen is the length of a run id: 128 random bits in lower-case hex.
const RunIDLen = 32

// NewRunID returns 128 bits from crypto/rand in hex. The id is drawn when a run is
// created, not derived from its seed: two runs of the same flags are two runs.
func NewRunID() (string, error) {
	var b [RunIDLen / 2]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("drawing a run id: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// CheckRunID reports whether s is a run id: 32 lower-case hex digits.
func CheckRunID(s string) error {
	if len(s) != RunIDLen {
		return fmt.Errorf("run id %q: expected %d hex digits", s, RunIDLen)
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return fmt.Errorf("run id %q: expected lower-case hex digits", s)
		}
	}
	return nil
}

// RunKey names the run a record belongs to: its run id, or for records written before
// run ids existed, the file that holds them (the file is the run).
func RunKey(rec *Record, file string) string {
	if rec.Run != "" {
		return rec.Run
	}
	if abs, err := filepath.Abs(file); err == nil {
		file = abs
	}
	return "file:" + file
}

// hashSeed is fixed for the process: hashes are only compared within one process.
var hashSeed = maphash.MakeSeed()

// GameHash identifies a game by the players with their colours, the opening, the rules,
// the turns and how it ended (a forfeit can end the same turns differently). Two records
// with the same hash are the same game played twice.
func GameHash(r *Record) uint64 {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	str := func(s string) {
		h.WriteString(s)
		h.WriteByte(0)
	}
	str(r.White)
	str(r.Black)
	str(r.Opening)
	str(r.Result)
	str(r.Reason)
	var b [8]byte
	for _, v := range []int{r.Rules.PaikaLimit, boolInt(r.Rules.NoMovesDraw), boolInt(r.Rules.FirstTurnNoChain), r.Rules.MaxPlies} {
		binary.LittleEndian.PutUint64(b[:], uint64(v))
		h.Write(b[:])
	}
	for _, t := range r.Turns {
		str(t)
	}
	return nonZero(h.Sum64())
}

// contentHash identifies a record's whole content but its wall time, the one field that
// differs between two plays of the same scheduled game.
func contentHash(r *Record, game uint64) uint64 {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	var b [8]byte
	for _, v := range []uint64{game, uint64(r.Index), uint64(r.Pair), r.Seed, uint64(r.Plies), uint64(r.Captured.White), uint64(r.Captured.Black)} {
		binary.LittleEndian.PutUint64(b[:], v)
		h.Write(b[:])
	}
	h.WriteString(r.Run)
	h.WriteByte(0)
	h.WriteString(r.Result)
	h.WriteByte(0)
	h.WriteString(r.Reason)
	for _, t := range r.OpeningTurns {
		h.WriteByte(0)
		h.WriteString(t)
	}
	return nonZero(h.Sum64())
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func nonZero(h uint64) uint64 {
	if h == 0 {
		return 1
	}
	return h
}

// PairHash identifies a colour-swapped pair by the GameHash of its two games, the
// lower-indexed first (order matters).
func PairHash(first, second uint64) uint64 { return nonZero(MixSeed(first, second)) }

// OpeningHash identifies an opening position (its FEN), as GameHash does a game.
func OpeningHash(fen string) uint64 {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	h.WriteString(fen)
	return nonZero(h.Sum64())
}

// MixSeed derives a well-spread 64-bit value from a seed and a stream number: the
// (stream+1)-th output of SplitMix64 started at seed. Every seed of a run (a game's, a
// player's, an opening draw's) is derived with it, and so is a UCI session's game seed.
func MixSeed(seed, stream uint64) uint64 {
	z := seed ^ (stream+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// HashSet is an open-addressing set of non-zero 64-bit hashes: 8 bytes a slot, at most
// 3/4 full, no allocation per element. It counts distinct games in bounded memory.
type HashSet struct {
	slots []uint64
	n     int
}

// Add inserts h (non-zero) and reports whether it was new.
func (s *HashSet) Add(h uint64) bool {
	if (s.n+1)*4 > len(s.slots)*3 {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return false
		case 0:
			s.slots[i] = h
			s.n++
			return true
		}
	}
}

func (s *HashSet) grow() {
	old := s.slots
	size := 1024
	if len(old) > 0 {
		size = 2 * len(old)
	}
	s.slots = make([]uint64, size)
	s.n = 0
	for _, h := range old {
		if h != 0 {
			s.Add(h)
		}
	}
}

// Len returns the number of hashes in the set.
func (s *HashSet) Len() int { return s.n }

// indexChunk is how many consecutive game indices share one block of an indexTable.
const indexChunk = 4096

// indexTable maps the game indices of one run to a non-zero 64-bit value (0: absent),
// in blocks of consecutive indices: 8 bytes a game for the dense indices of a run or a
// shard, without a per-game allocation.
type indexTable struct {
	blocks map[int64]*[indexChunk]uint64
}

func (t *indexTable) get(i int64) uint64 {
	if b := t.blocks[i/indexChunk]; b != nil {
		return b[i%indexChunk]
	}
	return 0
}

func (t *indexTable) set(i int64, v uint64) {
	if t.blocks == nil {
		t.blocks = map[int64]*[indexChunk]uint64{}
	}
	b := t.blocks[i/indexChunk]
	if b == nil {
		b = new([indexChunk]uint64)
		t.blocks[i/indexChunk] = b
	}
	b[i%indexChunk] = v
}

// dedup remembers the content hash of every (run, index) read, to drop exact duplicates
// and refuse two different records claiming the same game.
type dedup struct {
	runs map[string]*indexTable
}

// verdict of dedup.check.
const (
	recordNew = iota
	recordDuplicate
	recordConflict
)

func (d *dedup) check(run string, index int, content uint64) int {
	if d.runs == nil {
		d.runs = map[string]*indexTable{}
	}
	t := d.runs[run]
	if t == nil {
		t = &indexTable{}
		d.runs[run] = t
	}
	switch t.get(int64(index)) {
	case 0:
		t.set(int64(index), content)
		return recordNew
	case content:
		return recordDuplicate
	}
	return recordConflict
}
