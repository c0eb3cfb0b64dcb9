// hugepages_linux.go: the transposition table asks for transparent huge pages. A search
// reads it at random; with 4 KiB pages nearly every lookup of a table of 128 MiB also
// misses the TLB.

package proof

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the machines the prover runs on.
const hugePage = 2 << 20

// adviseHugePages marks the whole huge pages inside b for transparent huge pages; a
// refusal only costs speed.
func adviseHugePages(b []byte) {
	start := (uintptr(unsafe.Pointer(unsafe.SliceData(b))) + hugePage - 1) &^ (hugePage - 1)
	end := (uintptr(unsafe.Pointer(unsafe.SliceData(b))) + uintptr(len(b))) &^ (hugePage - 1)
	if end <= start {
		return
	}
	off := start - uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	_ = syscall.Madvise(b[off:off+(end-start)], 14) // MADV_HUGEPAGE
}
