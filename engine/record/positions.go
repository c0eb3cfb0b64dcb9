// positions.go: positions files (one FEN a line, docs/FORMATS.md), read as a run's
// openings (file:PATH) and as the positions a proof sample proves.

package record

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"

	"github.com/fanorona/fanorona/engine"
)

// FilePosition is one position of a positions file and the line it is on (1-based).
type FilePosition struct {
	Line     int
	Position engine.Position
}

// ReadPositionsFile reads a positions file: one FEN a line; blank lines and lines whose
// first non-blank character is '#' are skipped. It returns the positions in file order
// and the SHA-256 of the file's bytes (hex). A line that is not a FEN is an error naming
// path:line; so is a file without positions.
func ReadPositionsFile(path string) ([]FilePosition, string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("positions file: %v", err)
	}
	sum := sha256.Sum256(raw)
	var out []FilePosition
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		p, err := engine.ParseFEN(text)
		if err != nil {
			return nil, "", fmt.Errorf("%s:%d: %v", path, line, err)
		}
		out = append(out, FilePosition{Line: line, Position: p})
	}
	if err := sc.Err(); err != nil {
		return nil, "", fmt.Errorf("%s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, "", fmt.Errorf("%s: no positions (one FEN a line; blank lines and # comments are skipped)", path)
	}
	return out, hex.EncodeToString(sum[:]), nil
}
