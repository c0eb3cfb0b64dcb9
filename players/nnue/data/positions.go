// Package data owns the training positions of the learned evaluation: their file format
// (a text header, then fixed-size binary records) and the seeded self-play that writes
// them (Generate), with its request as a command gives it (Request: settings as text, a
// tables folder). docs/FORMATS.md describes the file.
package data

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/fanorona/fanorona/engine"
)

// Magic is the first line of a positions file.
const Magic = "fanorona positions 1\n"

// RecordSize is the bytes of one position record.
const RecordSize = 32

// Result and table values of a record, for its side to move.
const (
	Loss    = 0
	Draw    = 1
	Win     = 2
	Unknown = 3 // Exact only: no table covers the position
)

// Record is one training position: the board with its side to move and counters, the
// search's score of it (hundredths of a piece, for the side to move) with the depth that
// search reached, the game's result and, where the tables cover it, its exact value.
type Record struct {
	White, Black engine.Bitboard
	Side         engine.Color
	Paika        uint8
	Ply          uint16
	Score        int16
	Depth        uint8
	Result       uint8 // Loss, Draw or Win for the side to move
	Exact        uint8 // Loss, Draw, Win or Unknown
	Game         uint32
}

// Position returns the record's position.
func (r *Record) Position() engine.Position {
	return engine.NewPosition(r.White, r.Black, r.Side, int(r.Paika), int(r.Ply))
}

// Own and Enemy return the pieces of the side to move and of the other side.
func (r *Record) Own() engine.Bitboard {
	if r.Side == engine.White {
		return r.White
	}
	return r.Black
}

// Enemy returns the pieces of the side not to move.
func (r *Record) Enemy() engine.Bitboard {
	if r.Side == engine.White {
		return r.Black
	}
	return r.White
}

// Encode writes r into b (RecordSize bytes), little-endian.
func (r *Record) Encode(b []byte) {
	_ = b[RecordSize-1]
	binary.LittleEndian.PutUint64(b[0:], uint64(r.White))
	binary.LittleEndian.PutUint64(b[8:], uint64(r.Black))
	b[16] = byte(r.Side)
	b[17] = r.Paika
	binary.LittleEndian.PutUint16(b[18:], r.Ply)
	binary.LittleEndian.PutUint16(b[20:], uint16(r.Score))
	b[22] = r.Depth
	b[23] = r.Result
	b[24] = r.Exact
	b[25], b[26], b[27] = 0, 0, 0
	binary.LittleEndian.PutUint32(b[28:], r.Game)
}

// Decode reads a record written by Encode, checking what a damaged file would break.
func (r *Record) Decode(b []byte) error {
	_ = b[RecordSize-1]
	r.White = engine.Bitboard(binary.LittleEndian.Uint64(b[0:]))
	r.Black = engine.Bitboard(binary.LittleEndian.Uint64(b[8:]))
	r.Side = engine.Color(b[16])
	r.Paika = b[17]
	r.Ply = binary.LittleEndian.Uint16(b[18:])
	r.Score = int16(binary.LittleEndian.Uint16(b[20:]))
	r.Depth = b[22]
	r.Result = b[23]
	r.Exact = b[24]
	r.Game = binary.LittleEndian.Uint32(b[28:])
	switch {
	case r.White&^engine.AllPoints != 0 || r.Black&^engine.AllPoints != 0 || r.White&r.Black != 0:
		return errors.New("pieces off the board or on one point twice")
	case r.Side > engine.Black:
		return fmt.Errorf("side %d", r.Side)
	case r.Result > Win || r.Exact > Unknown:
		return fmt.Errorf("result %d or table value %d out of range", r.Result, r.Exact)
	}
	return nil
}

// Header is the JSON line after Magic: what made the file, enough to make it again.
type Header struct {
	Format       string `json:"format"` // "fanorona-positions"
	Version      int    `json:"version"`
	Toolkit      string `json:"toolkit"`              // the fanorona version that wrote it
	Player       string `json:"player"`               // the spec of both sides
	NetSHA256    string `json:"net_sha256,omitempty"` // the net file the player evaluates with (none: absent)
	Seed         uint64 `json:"seed"`
	Games        int    `json:"games"` // games of the whole data set (all shards)
	Shard        int    `json:"shard"`
	Shards       int    `json:"shards"`
	OpeningPlies [2]int `json:"opening_plies"` // uniformly random plies before the players, from..to
	PaikaLimit   int    `json:"paika_limit"`
	MaxPlies     int    `json:"max_plies"`
	Tablebases   string `json:"tablebases,omitempty"` // the tables' set-up line, when exact values were looked up
	RecordSize   int    `json:"record_size"`
}

// FormatName and FormatVersion identify the header.
const (
	FormatName    = "fanorona-positions"
	FormatVersion = 1
)

// maxHeader bounds the header line a reader accepts.
const maxHeader = 1 << 16

// WriteHeader writes Magic and h's JSON line.
func WriteHeader(w io.Writer, h Header) error {
	b, err := json.Marshal(h)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, Magic+string(b)+"\n")
	return err
}

// Reader reads a positions file: its header, then records in order.
type Reader struct {
	Header Header
	Start  int64 // offset of the first record
	br     *bufio.Reader
	buf    [RecordSize]byte
	n      int64 // records read
	name   string
}

// NewReader reads the header of the positions file r (name for errors).
func NewReader(r io.Reader, name string) (*Reader, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	magic := make([]byte, len(Magic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != Magic {
		return nil, fmt.Errorf("%s: not a positions file (its first line is not %q)", name, Magic[:len(Magic)-1])
	}
	line, err := br.ReadSlice('\n')
	if err != nil || len(line) > maxHeader {
		return nil, fmt.Errorf("%s: the header line is missing or longer than %d bytes", name, maxHeader)
	}
	var h Header
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, fmt.Errorf("%s: header: %v", name, err)
	}
	if h.Format != FormatName || h.Version != FormatVersion || h.RecordSize != RecordSize {
		return nil, fmt.Errorf("%s: header: format %q version %d record size %d (this build reads %q version %d, %d bytes)",
			name, h.Format, h.Version, h.RecordSize, FormatName, FormatVersion, RecordSize)
	}
	return &Reader{Header: h, Start: int64(len(Magic) + len(line)), br: br, name: name}, nil
}

// Next reads the next record into rec; io.EOF after the last. A file cut inside a record
// is an error naming the record.
func (r *Reader) Next(rec *Record) error {
	n, err := io.ReadFull(r.br, r.buf[:])
	if err == io.EOF {
		return io.EOF
	}
	if err != nil {
		return fmt.Errorf("%s: record %d: cut short after %d of %d bytes", r.name, r.n, n, RecordSize)
	}
	if err := rec.Decode(r.buf[:]); err != nil {
		return fmt.Errorf("%s: record %d: %v", r.name, r.n, err)
	}
	r.n++
	return nil
}

// Bytes returns the bytes of the record Next read last, valid until the next call: what a
// digest of the records hashes (the header names the build that wrote the file).
func (r *Reader) Bytes() []byte { return r.buf[:] }

// ReadFile reads every record of the positions file path.
func ReadFile(path string) (Header, []Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return Header{}, nil, err
	}
	defer f.Close()
	rd, err := NewReader(f, path)
	if err != nil {
		return Header{}, nil, err
	}
	var recs []Record
	if st, err := f.Stat(); err == nil {
		recs = make([]Record, 0, max(0, (st.Size()-rd.Start)/RecordSize))
	}
	for {
		var rec Record
		err := rd.Next(&rec)
		if err == io.EOF {
			return rd.Header, recs, nil
		}
		if err != nil {
			return rd.Header, nil, err
		}
		recs = append(recs, rec)
	}
}
