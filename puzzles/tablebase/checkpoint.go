// checkpoint.go: a material's build saved between distance levels, so that a build
// interrupted after hours (a signal, a killed job, a machine going down) resumes at the
// level it had reached instead of starting the material over. After a level, the values
// of the level are final and the next level reads only them, so the bytes of the tables
// and two numbers are the whole state of a build.
//
// Checkpoint file "<material>[.pL].ckpt" beside the tables (little-endian):
//
//	 0  [8]byte  magic "FANTBCKP"
//	 8  uint32   checkpoint version (checkpointVersion)
//	12  uint32   table format version (FormatVersion: the slot numbering)
//	16  uint8    larger count of the material; 17 uint8 smaller count
//	18  uint16   paika limit (0: theoretic)
//	20  uint32   the last code whose level is done (0: init is done, no level yet)
//	24  uint32   the highest code written so far
//	28  uint8    1 when the build started from the material's theoretic values (its
//	             undecided slots hold marks, build.go), else 0; 29..31 zero
//	32  uint64   slots of the first table; 40..47 zero
//	48  uint64   slots of the second table (0 when both sides have as many pieces); 56..63 zero
//	64  uint32   CRC-32C of bytes 0..63
//	68  the values of the first table, then of the second, one byte a slot, in chunks of
//	    checkpointChunk slots (a table's last one shorter), each stored as uint32 length
//	    of the compressed chunk, uint32 CRC-32C of its values, then the chunk compressed
//	    in S2's block format (github.com/klauspost/compress/s2).
//
// Writing 6.2 GB of values (the largest material) costs this machine's kernel up to 20 s
// of one core copying them into the page cache while the build's workers wait. S2
// compresses them on the workers at about 600 MB/s a core, 1.7 times (theoretic values
// after init) to 4 times (under the rule), and the write of the smaller chunks overlaps
// the compression; zstd's fastest level compresses more but at a third of S2's speed, no
// faster than writing the bytes as they are.
//
// It is written through atomicfile, so that a kill while it is written leaves the previous
// checkpoint whole, and removed once the tables are written.

package tablebase

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/klauspost/compress/s2"
)

const (
	checkpointMagic   = "FANTBCKP"
	checkpointVersion = 6
	checkpointHeader  = 68
	// checkpointChunk is the slots of a checkpoint's chunk: large enough that a chunk's
	// record costs nothing, small enough that every worker has many to compress.
	checkpointChunk = 8 << 20
)

// DefaultCheckpointEvery is how often a long build saves itself by default: writing a
// checkpoint of the largest material (6.2 GB of values) takes seconds, a few per cent of
// the interval.
const DefaultCheckpointEvery = 10 * time.Minute

// CheckpointFileName returns the name of the checkpoint of a material under limit in its
// folder, e.g. "5v3.ckpt" or "5v3.p50.ckpt".
func CheckpointFileName(m Material, limit int) string {
	return strings.TrimSuffix(FileName(Class{m.Large, m.Small}, PaikaRule(limit)), fileSuffix) + ".ckpt"
}

// checkpointState is what a build needs besides its tables' bytes to go on.
type checkpointState struct {
	level         int    // the last code whose level is done; 0 after init
	maxCode       uint32 // the highest code written
	fromTheoretic bool   // the values hold marks (builder.fromTheoretic)
}

// checkpointPath returns the path of b's checkpoint in dir.
func (b *builder) checkpointPath() string {
	return filepath.Join(b.dir, CheckpointFileName(b.material, b.limit))
}

// saveCheckpoint writes the tables and state after level, when b checkpoints and the
// interval has passed since the build started or was last saved.
func (b *builder) saveCheckpoint(level int) error {
	if b.checkpointEvery <= 0 || time.Since(b.lastCheckpoint) < b.checkpointEvery {
		return nil
	}
	b.stage(fmt.Sprintf("checkpoint after plies %d", b.levelPlies(level)), 0, 0)
	path := b.checkpointPath()
	st := checkpointState{level: level, maxCode: b.maxCode.Load(), fromTheoretic: b.fromTheoretic}
	err := atomicfile.Write(path, func(f *os.File) error {
		if _, err := f.Write(b.checkpointHeader(st)); err != nil {
			return err
		}
		for _, t := range b.distinct() {
			if err := writeChunks(f, t.bytes, b.workers); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("tablebase: writing checkpoint %s: %w", path, err)
	}
	b.lastCheckpoint = time.Now()
	return nil
}

// checkpointHeader returns the header of b's checkpoint with state st.
func (b *builder) checkpointHeader(st checkpointState) []byte {
	h := make([]byte, checkpointHeader)
	le := binary.LittleEndian
	copy(h, checkpointMagic)
	le.PutUint32(h[8:], checkpointVersion)
	le.PutUint32(h[12:], FormatVersion)
	h[16], h[17] = byte(b.material.Large), byte(b.material.Small)
	le.PutUint16(h[18:], uint16(b.limit))
	le.PutUint32(h[20:], uint32(st.level))
	le.PutUint32(h[24:], st.maxCode)
	if st.fromTheoretic {
		h[28] = 1
	}
	for i, t := range b.distinct() {
		le.PutUint64(h[32+16*i:], t.Slots())
	}
	le.PutUint32(h[64:], crc32.Checksum(h[:64], castagnoli))
	return h
}

// loadCheckpoint fills b's tables from its checkpoint and returns the state, or ok false
// when there is none. A checkpoint that exists but does not belong to this build, or
// whose checksums fail, is an error naming the file: it is never built on.
func (b *builder) loadCheckpoint() (st checkpointState, ok bool, err error) {
	path := b.checkpointPath()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return st, false, nil
	}
	if err != nil {
		return st, false, fmt.Errorf("tablebase: %w", err)
	}
	defer f.Close()
	bad := func(format string, args ...any) error {
		return fmt.Errorf("tablebase: checkpoint %s: %s (remove it to build the material from the start)", path, fmt.Sprintf(format, args...))
	}
	h := make([]byte, checkpointHeader)
	if _, err := io.ReadFull(f, h); err != nil {
		return st, false, bad("header: %v", err)
	}
	le := binary.LittleEndian
	switch {
	case string(h[:8]) != checkpointMagic:
		return st, false, bad("not a checkpoint")
	case le.Uint32(h[64:]) != crc32.Checksum(h[:64], castagnoli):
		return st, false, bad("header checksum mismatch")
	// Before version 5, a level of wins passed back every win of its code, so a build
	// from an earlier checkpoint would miss the candidates that wait for a capture's win;
	// before version 6, a drawn capture position held codeDraw, which the levels of wins
	// now take for an undecided paika position.
	case le.Uint32(h[8:]) != checkpointVersion || le.Uint32(h[12:]) != FormatVersion:
		return st, false, bad("version %d of slot numbering %d, want %d and %d", le.Uint32(h[8:]), le.Uint32(h[12:]), checkpointVersion, FormatVersion)
	case h[28] > 1:
		return st, false, bad("byte 28 is %d, want 0 or 1", h[28])
	case int(h[16]) != b.material.Large || int(h[17]) != b.material.Small || int(le.Uint16(h[18:])) != b.limit:
		return st, false, bad("holds %dv%d under paika limit %d, not %v under %d", h[16], h[17], le.Uint16(h[18:]), b.material, b.limit)
	}
	st = checkpointState{level: int(le.Uint32(h[20:])), maxCode: le.Uint32(h[24:]), fromTheoretic: h[28] == 1}
	for i, t := range b.distinct() {
		if n := le.Uint64(h[32+16*i:]); n != t.Slots() {
			return st, false, bad("table %d has %d slots, want %d", i+1, n, t.Slots())
		}
		if err := readChunks(f, t.bytes); err != nil {
			return st, false, bad("values of %v: %v", t.Class(), err)
		}
	}
	return st, true, nil
}

// removeCheckpoint deletes b's checkpoint once the material's files are written, and the
// temporary files of those a killed build was writing (each as large as the checkpoint).
func (b *builder) removeCheckpoint() error {
	leftovers, err := atomicfile.Leftovers(b.checkpointPath())
	if err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	for _, path := range append(leftovers, b.checkpointPath()) {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("tablebase: %w", err)
		}
	}
	return nil
}

// writeChunks writes values to w as checkpoint chunks, compressed on workers goroutines
// while w is given the finished ones in order, so that the write's copying overlaps the
// compression.
func writeChunks(w io.Writer, values []byte, workers int) error {
	n := (len(values) + checkpointChunk - 1) / checkpointChunk
	return inOrder(n, workers, func(i int, buf []byte) []byte {
		size := 8 + s2.MaxEncodedLen(checkpointChunk) // s2 encodes in place when dst is this long
		buf = slices.Grow(buf, size)[:size]
		chunk := values[i*checkpointChunk : min((i+1)*checkpointChunk, len(values))]
		packed := s2.Encode(buf[8:], chunk)
		binary.LittleEndian.PutUint32(buf, uint32(len(packed)))
		binary.LittleEndian.PutUint32(buf[4:], crc32.Checksum(chunk, castagnoli))
		return buf[:8+len(packed)]
	}, func(_ int, record []byte) error {
		_, err := w.Write(record)
		return err
	})
}

// readChunks fills values from checkpoint chunks read from r, checking each chunk's
// CRC-32C.
func readChunks(r io.Reader, values []byte) error {
	var head [8]byte
	var packed []byte
	for i, lo := 0, 0; lo < len(values); i, lo = i+1, lo+checkpointChunk {
		hi := min(lo+checkpointChunk, len(values))
		if _, err := io.ReadFull(r, head[:]); err != nil {
			return fmt.Errorf("chunk %d: %w", i, err)
		}
		n := int(binary.LittleEndian.Uint32(head[:]))
		if n > s2.MaxEncodedLen(checkpointChunk) {
			return fmt.Errorf("chunk %d: checksum mismatch (a length of %d bytes)", i, n)
		}
		packed = slices.Grow(packed[:0], n)[:n]
		if _, err := io.ReadFull(r, packed); err != nil {
			return fmt.Errorf("chunk %d: %w", i, err)
		}
		if size, err := s2.DecodedLen(packed); err != nil || size != hi-lo {
			return fmt.Errorf("chunk %d: checksum mismatch (%d bytes of values, want %d: %v)", i, size, hi-lo, err)
		}
		if _, err := s2.Decode(values[lo:hi], packed); err != nil {
			return fmt.Errorf("chunk %d: checksum mismatch (%v)", i, err)
		}
		if crc32.Checksum(values[lo:hi], castagnoli) != binary.LittleEndian.Uint32(head[4:]) {
			return fmt.Errorf("chunk %d: checksum mismatch", i)
		}
	}
	return nil
}
