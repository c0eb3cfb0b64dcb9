package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPassTurn: a pass changes only the side to move and the two counters, and its hash is
// the one the FEN of the result gives from scratch.
func TestPassTurn(t *testing.T) {
	for _, f := range []string{StartFEN, "2W4BB/9/5B3/W8/WW4W1W b 0 0", "9/1B7/W1BB5/9/9 w 7 31"} {
		p, err := ParseFEN(f)
		require.NoError(t, err)
		q := p.PassTurn()
		assert.Equal(t, p.Pieces, q.Pieces, f)
		assert.Equal(t, p.Side^1, q.Side, f)
		assert.Equal(t, p.Paika+1, q.Paika, f)
		assert.Equal(t, p.Ply+1, q.Ply, f)
		fresh, err := ParseFEN(q.FEN())
		require.NoError(t, err)
		assert.Equal(t, fresh.Hash(), q.Hash(), "hash after a pass at %s", f)
		assert.NotEqual(t, p.Hash(), q.Hash(), f)
		back := q.PassTurn()
		assert.Equal(t, p.Hash(), back.Hash(), "two passes restore the hash at %s", f)
	}
}
