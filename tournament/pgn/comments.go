// comments.go: a record's per-move figures (record.MoveData) as the comment after each
// turn, in the manner of cutechess: {+0.35/8 0.012s 2000n}.

package pgn

import (
	"fmt"
	"math"
	"regexp"
	"strconv"

	"github.com/fanorona/fanorona/engine/record"
	"github.com/fanorona/fanorona/players"
)

// moveComment is the comment written after a turn whose mover reported m: score from the
// mover's view in pieces ("?" when none), "/" depth, seconds, nodes; "" for an empty entry.
func moveComment(m record.MoveData) string {
	if m == (record.MoveData{}) {
		return ""
	}
	score := "?"
	if m.Score != nil {
		v := *m.Score
		switch {
		case v >= players.MateBound: // a forced end found by search, mate plies away
			score = fmt.Sprintf("+M%d", players.MateScore-v)
		case v <= -players.MateBound:
			score = fmt.Sprintf("-M%d", players.MateScore+v)
		default:
			score = fmt.Sprintf("%+.2f", float64(v)/100)
		}
	}
	return fmt.Sprintf("{%s/%d %d.%03ds %dn}", score, m.Depth, m.MS/1000, m.MS%1000, m.Nodes)
}

// commentRE is the text of a comment moveComment writes.
var commentRE = regexp.MustCompile(`^(\?|[+-]M\d+|[+-]\d+\.\d\d)/(\d+) (\d+)\.(\d{3})s (\d+)n$`)

// parseMoveComment reads the text inside a comment moveComment wrote; false for any other
// comment (another tool's, a note), which the reader drops.
func parseMoveComment(text string) (record.MoveData, bool) {
	f := commentRE.FindStringSubmatch(text)
	if f == nil {
		return record.MoveData{}, false
	}
	var m record.MoveData
	var err error
	if m.Depth, err = strconv.Atoi(f[2]); err != nil {
		return m, false
	}
	secs, err1 := strconv.ParseInt(f[3], 10, 64)
	ms, err2 := strconv.ParseInt(f[4], 10, 64)
	if m.Nodes, err = strconv.ParseUint(f[5], 10, 64); err != nil || err1 != nil || err2 != nil || secs > math.MaxInt64/1000-1 {
		return m, false
	}
	m.MS = secs*1000 + ms
	switch s := f[1]; {
	case s == "?":
	case s[1] == 'M':
		n, err := strconv.Atoi(s[2:])
		if err != nil || n > players.MateScore-players.MateBound {
			return m, false
		}
		v := players.MateScore - n
		if s[0] == '-' {
			v = -v
		}
		m.Score = &v
	default:
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || math.Abs(x) >= players.MateScore/100 {
			return m, false
		}
		v := int(math.Round(x * 100))
		m.Score = &v
	}
	return m, true
}
