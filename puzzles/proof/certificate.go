// certificate.go: the certificate file (docs/FORMATS.md): gzip-compressed JSON Lines, one
// section a claim: a header, then one record a position.

package proof

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// FormatName and FormatVersion open every section's header.
const (
	FormatName    = "fanorona-proof-certificate"
	FormatVersion = 1
)

// The record types.
const (
	RecordProve      = "prove"       // the claim's side moves: the turn it plays
	RecordDefend     = "defend"      // the other side moves: the checker tries every turn
	RecordEnd        = "end"         // the game is over: no pieces or no legal turn
	RecordTable      = "table"       // a table's value, for the side to move
	RecordPaikaLimit = "paika-limit" // the paika limit is reached: a draw
	// RecordCite (cite.go): a ledger certificate proves the claim here.
)

// Header opens a section: what it proves and what it relies on.
type Header struct {
	Format     string     `json:"format"`
	Version    int        `json:"version"`
	Rules      string     `json:"rules"` // engine.Rules.String() of the claim's rules
	PaikaLimit int        `json:"paika_limit"`
	Toolkit    string     `json:"toolkit"`
	Tables     []TableSum `json:"tables"`
	Claim      string     `json:"claim"`
	Root       string     `json:"root"`    // FEN, the paika counter counting under a limit
	Records    int        `json:"records"` // records that follow, before the next section
}

// TableSum names one table file a certificate relies on.
type TableSum struct {
	File   string `json:"file"`
	SHA256 string `json:"sha256"`
}

// Record is one position of a proof.
type Record struct {
	Type  string `json:"t"`
	FEN   string `json:"fen"`
	Turn  string `json:"turn,omitempty"`  // prove: the prover's turn, canonical notation
	Value string `json:"value,omitempty"` // table: win, draw or loss for the side to move
	File  string `json:"file,omitempty"`  // table: the file probed; cite: the certificate cited
	// SHA256 is a cite record's: the cited certificate's (cite.go).
	SHA256 string `json:"sha256,omitempty"`
}

// Section is one claim's proof.
type Section struct {
	Header  Header
	Records []Record
}

// Certificate is a file's sections: one claim, or the two claims of a value.
type Certificate struct {
	Sections []Section
}

// Write writes c as gzip-compressed JSON Lines.
func (c *Certificate) Write(w io.Writer) error {
	zw := gzip.NewWriter(w)
	bw := bufio.NewWriter(zw)
	enc := json.NewEncoder(bw)
	for i := range c.Sections {
		s := &c.Sections[i]
		h := s.Header
		h.Records = len(s.Records)
		if err := enc.Encode(h); err != nil {
			return err
		}
		for j := range s.Records {
			if err := enc.Encode(&s.Records[j]); err != nil {
				return err
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// NeedsTables reports whether a section of c relies on tables.
func (c *Certificate) NeedsTables() bool {
	for _, sec := range c.Sections {
		if len(sec.Header.Tables) > 0 {
			return true
		}
	}
	return false
}

// Bytes returns c as Write writes it.
func (c *Certificate) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	err := c.Write(&buf)
	return buf.Bytes(), err
}

// ErrMalformed is wrapped by every refusal of a file that is no certificate.
var ErrMalformed error = refusal("not a readable certificate")

// Read reads a certificate written by Write. A file that is not gzip, not JSON Lines, or
// whose sections do not hold the records their headers count gives an error wrapping
// ErrMalformed, with the line.
func Read(r io.Reader) (*Certificate, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	c := &Certificate{}
	line := 0
	for sc.Scan() {
		line++
		var h Header
		if err := json.Unmarshal(sc.Bytes(), &h); err != nil || h.Format != FormatName {
			return nil, fmt.Errorf("%w: line %d: expected a section header with format %q", ErrMalformed, line, FormatName)
		}
		if h.Version != FormatVersion {
			return nil, fmt.Errorf("%w: line %d: format version %d, this build reads %d", ErrMalformed, line, h.Version, FormatVersion)
		}
		if h.Records < 0 {
			return nil, fmt.Errorf("%w: line %d: %d records", ErrMalformed, line, h.Records)
		}
		s := Section{Header: h, Records: make([]Record, 0, min(h.Records, 1<<20))}
		for len(s.Records) < h.Records {
			if !sc.Scan() {
				if err := sc.Err(); err != nil {
					return nil, fmt.Errorf("%w: line %d: %v", ErrMalformed, line+1, err)
				}
				return nil, fmt.Errorf("%w: the section of line %d announces %d records, the file ends after %d", ErrMalformed, line-len(s.Records), h.Records, len(s.Records))
			}
			line++
			var rec Record
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				return nil, fmt.Errorf("%w: line %d: %v", ErrMalformed, line, err)
			}
			s.Records = append(s.Records, rec)
		}
		c.Sections = append(c.Sections, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: line %d: %v", ErrMalformed, line+1, err)
	}
	if len(c.Sections) == 0 {
		return nil, fmt.Errorf("%w: no section", ErrMalformed)
	}
	return c, nil
}

// ReadFile reads a certificate file.
func ReadFile(path string) (*Certificate, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	defer f.Close()
	c, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// baseName is the file name a certificate records for a table path.
func baseName(path string) string { return filepath.Base(path) }
