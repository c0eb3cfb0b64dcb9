//go:build !linux

// alloc_other.go: tables in ordinary Go memory where huge pages cannot be asked for.

package tablebase

func allocWords(n uint64) []uint64 { return make([]uint64, n) }

// neverFreedFrom: no table stays in memory once nothing refers to it (EstimateBuild).
const neverFreedFrom = ^uint64(0)
