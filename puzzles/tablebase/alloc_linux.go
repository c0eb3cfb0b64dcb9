// alloc_linux.go: large tables in anonymous memory marked for transparent huge pages. A
// build touches its tables at random; with 4 KiB pages nearly every access of a
// gigabyte table also misses the TLB.

package tablebase

import (
	"fmt"
	"syscall"
	"unsafe"
)

// hugeThreshold is the size from which tables get their own mapping.
const hugeThreshold = 2 << 20

// allocWords returns n zeroed words, and whether they are a mapping of their own, which
// the garbage collector never frees: freeWords must.
func allocWords(n uint64) (words []uint64, mapped bool) {
	size := n * 8
	if size < hugeThreshold {
		return make([]uint64, n), false
	}
	mem, err := syscall.Mmap(-1, 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]uint64, n), false
	}
	_ = syscall.Madvise(mem, 14) // MADV_HUGEPAGE; a refusal only costs speed
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(mem))), n), true
}

// freeWords returns the mapping of words that allocWords made to the system.
func freeWords(words []uint64) {
	mem := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), len(words)*8)
	if err := syscall.Munmap(mem); err != nil {
		panic(fmt.Sprintf("tablebase: unmapping a table: %v", err)) // a mapping allocWords made
	}
}
