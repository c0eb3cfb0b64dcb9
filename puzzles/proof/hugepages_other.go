//go:build !linux

// hugepages_other.go: no huge pages are asked for where the system has no such advice.

package proof

func adviseHugePages([]byte) {}
