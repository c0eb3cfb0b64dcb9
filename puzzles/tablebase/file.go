// file.go: the on-disk format. One file a class, named like "3v5.fntb": a 128-byte header,
// then one byte a slot. Both header and values carry a CRC-32C; a file whose magic,
// version, class, size or checksums disagree is refused, never read as data.
//
// Header (little-endian):
//
//	  0  [8]byte  magic "FANTBASE"
//	  8  uint32   format version (FormatVersion)
//	 12  uint8    pieces of the side to move; 13 uint8 pieces of the other; 14..15 zero
//	 16  uint64   slots (the number of value bytes that follow)
//	 24  uint64   boards; 32 wins; 40 draws; 48 losses (boards, side to move's view)
//	 56  uint32   longest win in plies; 60 uint32 longest loss
//	 64  uint64   slot of a longest win; 72 uint64 slot of a longest loss
//	 80..119      zero
//	120  uint32   CRC-32C of the values
//	124  uint32   CRC-32C of bytes 0..123

package tablebase

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
)

// FormatVersion changes whenever the layout or the slot numbering changes.
const FormatVersion = 1

const (
	headerSize = 128
	fileSuffix = ".fntb"
	magic      = "FANTBASE"
)

// ErrDamaged is wrapped by every refusal of a file that exists but cannot be trusted.
var ErrDamaged = errors.New("damaged or mismatched tablebase file")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// FileName returns the file name of a class, e.g. "3v5.fntb".
func FileName(c Class) string { return c.String() + fileSuffix }

func (t *Table) header(payloadCRC uint32) []byte {
	h := make([]byte, headerSize)
	in := &t.info
	copy(h, magic)
	le := binary.LittleEndian
	le.PutUint32(h[8:], FormatVersion)
	h[12], h[13] = byte(in.Class.Own), byte(in.Class.Enemy)
	le.PutUint64(h[16:], in.Slots)
	le.PutUint64(h[24:], in.Positions)
	le.PutUint64(h[32:], in.Wins)
	le.PutUint64(h[40:], in.Draws)
	le.PutUint64(h[48:], in.Losses)
	le.PutUint32(h[56:], uint32(in.LongestWin))
	le.PutUint32(h[60:], uint32(in.LongestLoss))
	le.PutUint64(h[64:], in.WinExample)
	le.PutUint64(h[72:], in.LossExample)
	le.PutUint32(h[120:], payloadCRC)
	le.PutUint32(h[124:], crc32.Checksum(h[:124], castagnoli))
	return h
}

// writeFile stores the table in dir under a temporary name and renames it into place, so
// an interrupted write never leaves a file that looks finished.
func (t *Table) writeFile(dir string) (err error) {
	final := filepath.Join(dir, FileName(t.Class()))
	tmp := final + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	crc := crc32.Checksum(t.bytes, castagnoli)
	if _, err = f.Write(t.header(crc)); err != nil {
		return fmt.Errorf("tablebase: writing %s: %w", tmp, err)
	}
	if _, err = f.Write(t.bytes); err != nil {
		return fmt.Errorf("tablebase: writing %s: %w", tmp, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("tablebase: writing %s: %w", tmp, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("tablebase: writing %s: %w", tmp, err)
	}
	if err = os.Rename(tmp, final); err != nil {
		return fmt.Errorf("tablebase: %w", err)
	}
	return nil
}

func damaged(path, format string, args ...any) error {
	return fmt.Errorf("tablebase: %s: %s: %w", path, fmt.Sprintf(format, args...), ErrDamaged)
}

// readHeader reads and checks the header of path for class c; it returns the open file
// positioned at the values.
func readHeader(path string, c Class) (*os.File, Info, uint32, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, Info{}, 0, err
	}
	h := make([]byte, headerSize)
	if _, err := io.ReadFull(f, h); err != nil {
		f.Close()
		return nil, Info{}, 0, damaged(path, "shorter than its %d-byte header", headerSize)
	}
	le := binary.LittleEndian
	switch {
	case string(h[:8]) != magic:
		f.Close()
		return nil, Info{}, 0, damaged(path, "not a tablebase file (bad magic)")
	case le.Uint32(h[124:]) != crc32.Checksum(h[:124], castagnoli):
		f.Close()
		return nil, Info{}, 0, damaged(path, "header checksum mismatch")
	case le.Uint32(h[8:]) != FormatVersion:
		f.Close()
		return nil, Info{}, 0, damaged(path, "format version %d, this program reads %d; rebuild it", le.Uint32(h[8:]), FormatVersion)
	case int(h[12]) != c.Own || int(h[13]) != c.Enemy:
		f.Close()
		return nil, Info{}, 0, damaged(path, "holds class %dv%d, expected %v", h[12], h[13], c)
	}
	in := Info{
		Class: c, Slots: le.Uint64(h[16:]), Positions: le.Uint64(h[24:]),
		Wins: le.Uint64(h[32:]), Draws: le.Uint64(h[40:]), Losses: le.Uint64(h[48:]),
		LongestWin: int(le.Uint32(h[56:])), LongestLoss: int(le.Uint32(h[60:])),
		WinExample: le.Uint64(h[64:]), LossExample: le.Uint64(h[72:]),
	}
	if want := newIndexer(c).size; in.Slots != want {
		f.Close()
		return nil, Info{}, 0, damaged(path, "%d slots, class %v has %d", in.Slots, c, want)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, 0, err
	}
	if st.Size() != headerSize+int64(in.Slots) {
		f.Close()
		return nil, Info{}, 0, damaged(path, "%d bytes, expected %d (truncated?)", st.Size(), headerSize+int64(in.Slots))
	}
	return f, in, le.Uint32(h[120:]), nil
}

// ReadInfo returns the header of a class's file without reading its values.
func ReadInfo(dir string, c Class) (Info, error) {
	f, in, _, err := readHeader(filepath.Join(dir, FileName(c)), c)
	if err != nil {
		return Info{}, err
	}
	f.Close()
	return in, nil
}

// LoadTable reads and checks a class's file. A missing file gives an error satisfying
// errors.Is(err, fs.ErrNotExist); a damaged one, ErrDamaged.
func LoadTable(dir string, c Class) (*Table, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, FileName(c))
	f, in, crc, err := readHeader(path, c)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t := newTable(c)
	if _, err := io.ReadFull(f, t.bytes); err != nil {
		return nil, damaged(path, "reading values: %v", err)
	}
	if crc32.Checksum(t.bytes, castagnoli) != crc {
		return nil, damaged(path, "values checksum mismatch")
	}
	t.info = in
	return t, nil
}
