// alloc_linux.go: large tables in anonymous memory marked for transparent huge pages. A
// build touches its tables at random; with 4 KiB pages nearly every access of a
// gigabyte table also misses the TLB.

package tablebase

import (
	"syscall"
	"unsafe"
)

// hugeThreshold is the size from which tables get their own mapping.
const hugeThreshold = 64 << 20

// allocWords returns n zeroed words. Large ones are never freed: a table lives as long as
// the process that built or loaded it.
func allocWords(n uint64) []uint64 {
	size := n * 8
	if size < hugeThreshold {
		return make([]uint64, n)
	}
	mem, err := syscall.Mmap(-1, 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]uint64, n)
	}
	_ = syscall.Madvise(mem, 14) // MADV_HUGEPAGE; a refusal only costs speed
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(mem))), n)
}

// neverFreedFrom is the size from which a table, once built or read, stays in the
// process's memory until it ends (EstimateBuild counts it so).
const neverFreedFrom = hugeThreshold
