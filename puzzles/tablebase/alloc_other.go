//go:build !linux

// alloc_other.go: tables in ordinary Go memory where huge pages cannot be asked for.

package tablebase

func allocWords(n uint64) (words []uint64, mapped bool) { return make([]uint64, n), false }

func freeWords([]uint64) {}
