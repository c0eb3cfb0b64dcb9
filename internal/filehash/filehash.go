// Package filehash owns the SHA-256 of a file as the toolkit records it (lower-case hex):
// of a certificate in the proof ledger, of a file of games read as openings.
package filehash

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
)

// SHA256 returns the hex SHA-256 of the file at path; an error is the file's (opening or
// reading it).
func SHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
