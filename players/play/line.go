// line.go: reading a typed line with a bound, so that an overlong line is refused rather
// than ending the game.

package play

import "bufio"

// ReadBoundedLine reads one line (without its newline) and its length in bytes, keeping
// at most limit bytes of it; err is set at the end of input.
func ReadBoundedLine(r *bufio.Reader, limit int) (string, int, error) {
	var line []byte
	n := 0
	for {
		chunk, err := r.ReadSlice('\n')
		n += len(chunk)
		if len(line) <= limit {
			line = append(line, chunk[:min(len(chunk), limit+1-len(line))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == nil { // the newline is not part of the line
			n--
			line = line[:min(len(line), n)]
		}
		return string(line), n, err
	}
}
