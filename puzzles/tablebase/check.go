// check.go: making sure, before a run or an analysis, that every table it may probe can be
// read whole, and naming the files it read.

package tablebase

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// FileSum names one table file as it was checked: its name in the folder, its size and
// the CRC-32Cs its header records (docs/FORMATS.md). Two files with the same values
// checksum hold the same values; the header checksum covers the whole file (the header
// holds the values' and the index's checksums, the index every block's).
type FileSum struct {
	File         string `json:"file"`
	Bytes        uint64 `json:"bytes"`
	ValuesCRC32C string `json:"values_crc32c"`
	HeaderCRC32C string `json:"header_crc32c"`
}

// Check makes sure every table of ids can be probed, and returns their files' sums in
// the order of ids. A table already held whole in memory was checked when it was loaded
// (every block and the values' checksum); any other file is read through now: header,
// index and the checksum of every compressed block. The first table that fails ends the
// check with its error (ErrDamaged, or ErrNotBuilt for a file that went missing), which
// probes of that table then return too.
func (s *Set) Check(ids []TableID) ([]FileSum, error) {
	sums := make([]FileSum, 0, len(ids))
	for _, id := range ids {
		sum, err := s.check(id)
		if err != nil {
			return nil, err
		}
		sums = append(sums, sum)
	}
	return sums, nil
}

// CheckReach checks (Check) every table of the set under the rules given whose class has
// at most pieces pieces: every table a probe, a search or a proof from a position of that
// many pieces may read, pieces never coming back once taken. Tables are used whole or
// not at all: a damaged one is refused before any answer, not only when a probe meets its
// damaged block. No rule, or fewer than one piece, reaches no table.
func (s *Set) CheckReach(pieces int, rules ...Rule) ([]FileSum, error) {
	if pieces < 1 || len(rules) == 0 {
		return s.Check(nil)
	}
	ids, err := Use{Rules: rules, Pieces: pieces}.inReach(s)
	if err != nil {
		return nil, err
	}
	return s.Check(ids)
}

func (s *Set) check(id TableID) (FileSum, error) {
	if err := s.checkID(id); err != nil {
		return FileSum{}, err
	}
	if err := s.failedErr(id); err != nil {
		return FileSum{}, err
	}
	// Read through without a lock that probes take; only a refusal is recorded.
	name := FileName(id.Class, id.Rule)
	tf, err := openTableFile(filepath.Join(s.dir, name), id.Class, id.Rule.PaikaLimit)
	if err == nil {
		defer tf.f.Close()
		if s.whole(id) == nil {
			err = tf.checkBlocks()
		}
	}
	if err != nil {
		err = s.notBuilt(id, err)
		s.mu.Lock()
		s.failed[id] = err
		s.mu.Unlock()
		return FileSum{}, err
	}
	return FileSum{File: name, Bytes: tf.size,
		ValuesCRC32C: fmt.Sprintf("%08x", tf.valuesCRC), HeaderCRC32C: fmt.Sprintf("%08x", tf.headerCRC)}, nil
}

// FileSHA256 returns the path of the file of class c under rule r and the SHA-256 of its
// bytes (lower-case hex), for a certificate naming the exact tables it rests on. The sum
// is computed on the first call and kept: later calls return it without reading the file
// (a file rewritten meanwhile is not noticed). A missing file gives an error wrapping
// ErrNotBuilt. Hashing holds no lock that probes take.
func (s *Set) FileSHA256(c Class, r Rule) (path, sum string, err error) {
	id := TableID{c, r}
	if err := s.checkID(id); err != nil {
		return "", "", err
	}
	path = filepath.Join(s.dir, FileName(c, r))
	s.sumsMu.Lock()
	defer s.sumsMu.Unlock()
	if sum, ok := s.sums[id]; ok {
		return path, sum, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return "", "", s.notBuilt(id, fmt.Errorf("tablebase: %w", err))
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", "", fmt.Errorf("tablebase: %s: %w", path, err)
	}
	sum = hex.EncodeToString(h.Sum(nil))
	s.sums[id] = sum
	return path, sum, nil
}
