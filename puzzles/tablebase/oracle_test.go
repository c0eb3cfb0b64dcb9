package tablebase

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCheapPiecesByHand: the most pieces whose every table is held whole.
func TestCheapPiecesByHand(t *testing.T) {
	id := func(own, enemy, limit int) TableID {
		return TableID{Class: Class{Own: own, Enemy: enemy}, Rule: PaikaRule(limit)}
	}
	tables := []TableID{id(1, 1, 50), id(2, 1, 50), id(1, 2, 50), id(3, 2, 50), id(2, 3, 50), id(5, 3, 50)}
	slots := map[TableID]uint64{id(1, 1, 50): 10, id(2, 1, 50): 100, id(1, 2, 50): 100,
		id(3, 2, 50): 1000, id(2, 3, 50): 1000, id(5, 3, 50): 5000}
	assert.Equal(t, 8, cheapPieces(tables, slots, 5000), "all whole")
	assert.Equal(t, 7, cheapPieces(tables, slots, 4999), "5v3 read by blocks")
	assert.Equal(t, 4, cheapPieces(tables, slots, 999), "and 3v2, 2v3")
	assert.Equal(t, 2, cheapPieces(tables, slots, 99), "and 2v1, 1v2: only 1v1 is whole")
	delete(slots, id(2, 3, 50))
	assert.Equal(t, 4, cheapPieces(tables, slots, 5000), "a table of unknown size counts as large")
	assert.Equal(t, 0, cheapPieces(nil, nil, 5000), "no table")
}
