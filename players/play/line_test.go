package play

import (
	"bufio"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestReadBoundedLine(t *testing.T) {
	for _, c := range []struct {
		in    string
		limit int
		lines []string
		ns    []int
	}{
		{"ab\ncd", 10, []string{"ab", "cd"}, []int{2, 2}},
		{"abcdef\nx\n", 3, []string{"abcd", "x"}, []int{6, 1}},
		{"\n\n", 3, []string{"", ""}, []int{0, 0}},
		{strings.Repeat("x", 40) + "\nshort", 30, []string{"", "short"}, []int{40, 5}}, // past the reader's 16-byte buffer
		{strings.Repeat("y", 20) + "\n", 30, []string{strings.Repeat("y", 20)}, []int{20}},
	} {
		r := bufioReader(c.in)
		for i := range c.lines {
			line, n, _ := ReadBoundedLine(r, c.limit)
			assert.Equal(t, c.ns[i], n, "%q line %d", c.in, i)
			if n <= c.limit {
				assert.Equal(t, c.lines[i], line, "%q line %d", c.in, i)
			}
		}
		_, n, err := ReadBoundedLine(r, c.limit)
		assert.Equal(t, 0, n)
		assert.Error(t, err, "end of input")
	}
}

func bufioReader(s string) *bufio.Reader { return bufio.NewReaderSize(strings.NewReader(s), 16) }
