// memory.go: the machine's memory and the process's peak resident set, read from /proc
// (Linux; 0 elsewhere), for a build's estimate and its reports.

package tablebase

import (
	"fmt"
	"os"
	"strings"
)

// MachineMemory returns the machine's memory in bytes (Linux); 0 when unknown.
func MachineMemory() uint64 { return procBytes("/proc/meminfo", "MemTotal:") }

// PeakResident returns the process's peak resident set in bytes (Linux); 0 when unknown.
func PeakResident() uint64 { return procBytes("/proc/self/status", "VmHWM:") }

// procBytes reads the field ("VmHWM:") of a /proc file that gives it in kB; 0 without it.
func procBytes(file, field string) uint64 {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			var kb uint64
			fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb)
			return kb << 10
		}
	}
	return 0
}

// MiB writes a count of bytes as the reports print it: "7.1 MiB".
func MiB(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
