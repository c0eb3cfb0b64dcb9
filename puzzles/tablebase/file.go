// file.go: the on-disk format. One file a class and rule, named like "3v5.fntb" (the
// theoretic values) or "3v5.p50.fntb" (rule-aware values for paika limit 50): a 128-byte
// header, a block index, then the values compressed with zstd in blocks of blockSlots
// slots, so that a probe reads and decompresses one block. Header, index, every block and
// the values as a whole carry a CRC-32C; a file whose magic, version, class, rule, size
// or checksums disagree is refused, never read as data.
//
// Header (little-endian):
//
//	  0  [8]byte  magic "FANTBASE"
//	  8  uint32   format version (FormatVersion)
//	 12  uint8    pieces of the side to move; 13 uint8 pieces of the other
//	 14  uint16   paika limit of the values (0: theoretic, no limit)
//	 16  uint64   slots (the number of values)
//	 24  uint64   boards; 32 wins; 40 draws; 48 losses (boards, side to move's view, counter 0)
//	 56  uint32   longest win in plies; 60 uint32 longest loss
//	 64  uint64   slot of a longest win; 72 uint64 slot of a longest loss
//	 80  uint32   slots per block; 84 uint32 blocks
//	 88  uint8    rule options the values assume (RuleOptions: 0 = a side with no legal
//	              turn loses, no ply cap); 89..115 zero
//	116  uint32   CRC-32C of the values (uncompressed, all slots)
//	120  uint32   CRC-32C of the index
//	124  uint32   CRC-32C of bytes 0..123
//
// Index: per block 16 bytes, uint64 file offset, uint32 compressed length, uint32 CRC-32C
// of the compressed bytes. The blocks follow the index back to back to the end of the file.

package tablebase

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/fanorona/fanorona/internal/atomicfile"
	"github.com/klauspost/compress/zstd"
)

// FormatVersion changes whenever the layout or the slot numbering changes.
const FormatVersion = 2

const (
	headerSize = 128
	indexEntry = 16
	fileSuffix = ".fntb"
	magic      = "FANTBASE"
	// blockSlots is the number of values a block holds: 64 KiB decompress in tens of
	// microseconds and compress well (docs/PERFORMANCE.md).
	blockSlots = 1 << 16
	// RuleOptions is the only rule-options byte written: the values assume that a side with
	// no legal turn loses and that there is no ply cap (engine.Rules NoMovesDraw false,
	// MaxPlies 0), whatever the paika limit.
	RuleOptions = 0
)

// ErrDamaged is wrapped by every refusal of a file that exists but cannot be trusted.
var ErrDamaged error = refusal("damaged or mismatched tablebase file")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// FileName returns the file name of a class's values under rule r: "3v5.fntb" for the
// theoretic values, "3v5.p50.fntb" for those of paika limit 50.
func FileName(c Class, r Rule) string {
	if r.IsTheoretic() {
		return c.String() + fileSuffix
	}
	return fmt.Sprintf("%v.p%d%s", c, r.PaikaLimit, fileSuffix)
}

var (
	decoderOnce sync.Once
	decoder     *zstd.Decoder
	encoders    [2]struct {
		once sync.Once
		enc  *zstd.Encoder
	}
)

// decoderOf returns the shared zstd decoder (safe for concurrent DecodeAll).
func decoderOf() *zstd.Decoder {
	decoderOnce.Do(func() {
		var err error
		if decoder, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(0)); err != nil {
			panic(err)
		}
	})
	return decoder
}

// encoderFor returns the shared zstd encoder of the tables of rule r (safe for concurrent
// EncodeAll). It keeps GOMAXPROCS encoders: EncodeAll waits for a free one, so with a
// single one a build's compressing workers would take turns. Theoretic tables use zstd's
// "better" level: their files are 4% larger than the best level's over the whole set,
// whose writing takes 7-8 times as long, a sixth of a theoretic build. Rule-aware tables
// keep the best level: "better" makes their files 10-37% larger, for 6% of their build
// (docs/PERFORMANCE.md, "The write stage").
func encoderFor(r Rule) *zstd.Encoder {
	i, level := 0, zstd.SpeedBetterCompression
	if !r.IsTheoretic() {
		i, level = 1, zstd.SpeedBestCompression
	}
	e := &encoders[i]
	e.once.Do(func() {
		var err error
		if e.enc, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(level), zstd.WithEncoderConcurrency(0)); err != nil {
			panic(err)
		}
	})
	return e.enc
}

func (t *Table) header(valuesCRC, indexCRC uint32, blocks int) []byte {
	h := make([]byte, headerSize)
	in := &t.info
	copy(h, magic)
	le := binary.LittleEndian
	le.PutUint32(h[8:], FormatVersion)
	h[12], h[13] = byte(in.Class.Own), byte(in.Class.Enemy)
	le.PutUint16(h[14:], uint16(in.PaikaLimit))
	le.PutUint64(h[16:], in.Slots)
	le.PutUint64(h[24:], in.Positions)
	le.PutUint64(h[32:], in.Wins)
	le.PutUint64(h[40:], in.Draws)
	le.PutUint64(h[48:], in.Losses)
	le.PutUint32(h[56:], uint32(in.LongestWin))
	le.PutUint32(h[60:], uint32(in.LongestLoss))
	le.PutUint64(h[64:], in.WinExample)
	le.PutUint64(h[72:], in.LossExample)
	le.PutUint32(h[80:], blockSlots)
	le.PutUint32(h[84:], uint32(blocks))
	h[88] = RuleOptions
	le.PutUint32(h[116:], valuesCRC)
	le.PutUint32(h[120:], indexCRC)
	le.PutUint32(h[124:], crc32.Checksum(h[:124], castagnoli))
	return h
}

// blocksFor returns how many blocks of perBlock slots hold slots: the last one may be short.
func blocksFor(slots, perBlock uint64) uint64 { return (slots + perBlock - 1) / perBlock }

// compressBlocks compresses the table's blocks on workers goroutines and gives each to
// emit in block order (the slice is reused after emit returns). A panic in one is the
// error.
func (t *Table) compressBlocks(workers int, emit func(i int, block []byte) error) error {
	enc := encoderFor(t.Rule())
	n := int(blocksFor(t.Slots(), blockSlots))
	return inOrder(n, workers, func(i int, buf []byte) []byte {
		lo := uint64(i) * blockSlots
		hi := min(lo+blockSlots, t.Slots())
		return enc.EncodeAll(t.bytes[lo:hi], buf)
	}, emit)
}

// writeFile stores the table in dir through atomicfile, so an interrupted write never
// leaves a file that looks finished. It returns the file's size. The blocks are written as
// they are compressed, after room for the header and the index, which depend on the
// blocks' sizes and are written into that room at the end: the compressed table is never
// held whole in memory (1.4 GB for 3v5).
func (t *Table) writeFile(dir string, workers int) (size uint64, err error) {
	final := filepath.Join(dir, FileName(t.Class(), t.Rule()))
	err = atomicfile.Write(final, func(f *os.File) error {
		size, err = t.writeBlocks(f, workers)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("tablebase: writing %s: %w", final, err)
	}
	return size, nil
}

// writeBlocks writes the table's file to f: room for the header and the index, the
// compressed blocks, then the header and the index into their room. It returns the size.
func (t *Table) writeBlocks(f *os.File, workers int) (uint64, error) {
	blocks := int(blocksFor(t.Slots(), blockSlots))
	index := make([]byte, indexEntry*blocks)
	offset := uint64(headerSize + len(index))
	if _, err := f.Write(make([]byte, offset)); err != nil {
		return 0, err
	}
	le := binary.LittleEndian
	err := t.compressBlocks(workers, func(i int, b []byte) error {
		le.PutUint64(index[i*indexEntry:], offset)
		le.PutUint32(index[i*indexEntry+8:], uint32(len(b)))
		le.PutUint32(index[i*indexEntry+12:], crc32.Checksum(b, castagnoli))
		offset += uint64(len(b))
		_, err := f.Write(b)
		return err
	})
	if err != nil {
		return 0, err
	}
	h := t.header(crc32.Checksum(t.bytes, castagnoli), crc32.Checksum(index, castagnoli), blocks)
	if _, err = f.WriteAt(h, 0); err == nil {
		_, err = f.WriteAt(index, headerSize)
	}
	return offset, err
}

func damaged(path, format string, args ...any) error {
	return fmt.Errorf("tablebase: %s: %s: %w", path, fmt.Sprintf(format, args...), ErrDamaged)
}

// tableFile is an open, checked table file: its header and block index. Blocks are read
// on demand; a tableFile is safe for concurrent use (ReadAt).
type tableFile struct {
	path      string
	f         *os.File
	blocks    io.ReaderAt // where readBlock reads: f (a test may stand in a slow disk)
	info      Info
	ix        *indexer
	perBlock  uint64
	offsets   []uint64
	lengths   []uint32
	crcs      []uint32
	valuesCRC uint32
	headerCRC uint32 // the header's own checksum, which covers the values' and the index's
	size      uint64 // bytes of the file
}

// openTableFile opens path and checks its header and index for class c and paika limit
// limit (0 = theoretic). A missing file gives an error satisfying errors.Is(err,
// fs.ErrNotExist); anything else wrong, ErrDamaged.
func openTableFile(path string, c Class, limit int) (tf *tableFile, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			f.Close()
		}
	}()
	h := make([]byte, headerSize)
	if _, err := io.ReadFull(f, h); err != nil {
		return nil, damaged(path, "shorter than its %d-byte header", headerSize)
	}
	le := binary.LittleEndian
	switch {
	case string(h[:8]) != magic:
		return nil, damaged(path, "not a tablebase file (bad magic)")
	case le.Uint32(h[124:]) != crc32.Checksum(h[:124], castagnoli):
		return nil, damaged(path, "header checksum mismatch")
	case le.Uint32(h[8:]) != FormatVersion:
		return nil, damaged(path, "format version %d, this program reads %d; rebuild it", le.Uint32(h[8:]), FormatVersion)
	case int(h[12]) != c.Own || int(h[13]) != c.Enemy:
		return nil, damaged(path, "holds class %dv%d, expected %v", h[12], h[13], c)
	case int(le.Uint16(h[14:])) != limit:
		return nil, damaged(path, "holds values for paika limit %d, expected %d (0 = no limit)", le.Uint16(h[14:]), limit)
	case h[88] != RuleOptions:
		return nil, damaged(path, "rule options %d, this program reads %d", h[88], RuleOptions)
	}
	tf = &tableFile{path: path, f: f, blocks: f, ix: newIndexer(c), perBlock: uint64(le.Uint32(h[80:])),
		valuesCRC: le.Uint32(h[116:]), headerCRC: le.Uint32(h[124:])}
	tf.info = Info{
		Class: c, PaikaLimit: limit, Slots: le.Uint64(h[16:]), Positions: le.Uint64(h[24:]),
		Wins: le.Uint64(h[32:]), Draws: le.Uint64(h[40:]), Losses: le.Uint64(h[48:]),
		LongestWin: int(le.Uint32(h[56:])), LongestLoss: int(le.Uint32(h[60:])),
		WinExample: le.Uint64(h[64:]), LossExample: le.Uint64(h[72:]),
	}
	if tf.info.Slots != tf.ix.size {
		return nil, damaged(path, "%d slots, class %v has %d", tf.info.Slots, c, tf.ix.size)
	}
	blocks := uint64(le.Uint32(h[84:]))
	if tf.perBlock == 0 || blocks != blocksFor(tf.info.Slots, tf.perBlock) {
		return nil, damaged(path, "%d blocks of %d slots do not hold %d slots", blocks, tf.perBlock, tf.info.Slots)
	}
	index := make([]byte, blocks*indexEntry)
	if _, err := io.ReadFull(f, index); err != nil {
		return nil, damaged(path, "index truncated")
	}
	if crc32.Checksum(index, castagnoli) != le.Uint32(h[120:]) {
		return nil, damaged(path, "index checksum mismatch")
	}
	tf.offsets, tf.lengths, tf.crcs = make([]uint64, blocks), make([]uint32, blocks), make([]uint32, blocks)
	end := uint64(headerSize) + uint64(len(index))
	for i := range tf.offsets {
		e := index[i*indexEntry:]
		tf.offsets[i], tf.lengths[i], tf.crcs[i] = le.Uint64(e), le.Uint32(e[8:]), le.Uint32(e[12:])
		if tf.offsets[i] != end {
			return nil, damaged(path, "block %d at offset %d, expected %d", i, tf.offsets[i], end)
		}
		end += uint64(tf.lengths[i])
	}
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if uint64(st.Size()) != end {
		return nil, damaged(path, "%d bytes, expected %d (truncated?)", st.Size(), end)
	}
	tf.size = end
	return tf, nil
}

// blockLen returns the number of values of block i.
func (tf *tableFile) blockLen(i uint64) uint64 {
	return min(tf.perBlock, tf.info.Slots-i*tf.perBlock)
}

// readBlock decompresses block i into dst (which must hold blockLen(i) bytes), checking
// the compressed bytes' checksum and the decompressed length; buf is scratch space.
func (tf *tableFile) readBlock(i uint64, dst, buf []byte) ([]byte, error) {
	n := int(tf.lengths[i])
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	if _, err := tf.blocks.ReadAt(buf, int64(tf.offsets[i])); err != nil {
		return buf, damaged(tf.path, "reading block %d: %v", i, err)
	}
	if crc32.Checksum(buf, castagnoli) != tf.crcs[i] {
		return buf, damaged(tf.path, "block %d checksum mismatch", i)
	}
	dec := decoderOf()
	out, err := dec.DecodeAll(buf, dst[:0:len(dst)])
	if err != nil {
		return buf, damaged(tf.path, "block %d: %v", i, err)
	}
	if uint64(len(out)) != tf.blockLen(i) || &out[0] != &dst[0] {
		return buf, damaged(tf.path, "block %d holds %d values, expected %d", i, len(out), tf.blockLen(i))
	}
	return buf, nil
}

// checkBlocks re-reads every block's compressed bytes against its checksum (without
// decompressing), for commands that must refuse a damaged file before answering.
func (tf *tableFile) checkBlocks() error {
	var buf []byte
	for i := range tf.offsets {
		n := int(tf.lengths[i])
		if cap(buf) < n {
			buf = make([]byte, n)
		}
		buf = buf[:n]
		if _, err := tf.f.ReadAt(buf, int64(tf.offsets[i])); err != nil {
			return damaged(tf.path, "reading block %d: %v", i, err)
		}
		if crc32.Checksum(buf, castagnoli) != tf.crcs[i] {
			return damaged(tf.path, "block %d checksum mismatch", i)
		}
	}
	return nil
}

// ReadInfo returns the header of a class's file of rule r, checking header and index
// (not the values).
func ReadInfo(dir string, c Class, r Rule) (Info, error) {
	if err := c.check(); err != nil {
		return Info{}, err
	}
	tf, err := openTableFile(filepath.Join(dir, FileName(c, r)), c, r.PaikaLimit)
	if err != nil {
		return Info{}, err
	}
	tf.f.Close()
	return tf.info, nil
}

// CheckFile reads a class's file of rule r completely: header, index and the checksum of
// every compressed block (without decompressing), and returns its header and its size in
// bytes.
func CheckFile(dir string, c Class, r Rule) (Info, uint64, error) {
	if err := c.check(); err != nil {
		return Info{}, 0, err
	}
	tf, err := openTableFile(filepath.Join(dir, FileName(c, r)), c, r.PaikaLimit)
	if err != nil {
		return Info{}, 0, err
	}
	defer tf.f.Close()
	return tf.info, tf.size, tf.checkBlocks()
}

// LoadTable reads and checks a class's file of rule r, decompressing every block. A
// missing file gives an error satisfying errors.Is(err, fs.ErrNotExist); a damaged one,
// ErrDamaged.
func LoadTable(dir string, c Class, r Rule) (*Table, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	tf, err := openTableFile(filepath.Join(dir, FileName(c, r)), c, r.PaikaLimit)
	if err != nil {
		return nil, err
	}
	defer tf.f.Close()
	t := newTable(c, r.PaikaLimit)
	if err := tf.readAll(t.bytes); err != nil {
		t.free()
		return nil, err
	}
	t.info = tf.info
	return t, nil
}

// readValues reads and checks a class's file of rule r into values, which holds one byte
// a slot of the class: LoadTable into memory the caller already has.
func readValues(dir string, c Class, r Rule, values []byte) error {
	tf, err := openTableFile(filepath.Join(dir, FileName(c, r)), c, r.PaikaLimit)
	if err != nil {
		return err
	}
	defer tf.f.Close()
	if uint64(len(values)) != tf.info.Slots {
		return fmt.Errorf("tablebase: %s: %d slots read into %d bytes", tf.path, tf.info.Slots, len(values))
	}
	return tf.readAll(values)
}

// readAll decompresses every block into values and checks their checksum.
func (tf *tableFile) readAll(values []byte) error {
	var buf []byte
	var err error
	for i := uint64(0); i < uint64(len(tf.offsets)); i++ {
		lo := i * tf.perBlock
		if buf, err = tf.readBlock(i, values[lo:lo+tf.blockLen(i)], buf); err != nil {
			return err
		}
	}
	if crc32.Checksum(values, castagnoli) != tf.valuesCRC {
		return damaged(tf.path, "values checksum mismatch")
	}
	return nil
}
