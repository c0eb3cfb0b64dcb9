// buildreport.go: a build's estimate and its materials' reports as the command prints
// them: a table or line of text, or a JSON record (docs/CLI.md, docs/FORMATS.md).

package tablebase

import (
	"fmt"
	"io"
	"time"
)

// EstimateRecord is the JSON form of a BuildEstimate, with the machine's memory.
type EstimateRecord struct {
	Workers       int                      `json:"workers"`
	Cores         int                      `json:"cores"`
	AlreadyBuilt  int                      `json:"already_built"`
	Slots         uint64                   `json:"slots"`
	CPUSeconds    float64                  `json:"cpu_seconds"`
	WallSeconds   float64                  `json:"wall_seconds"`
	PeakBytes     uint64                   `json:"peak_bytes"`
	FileBytes     uint64                   `json:"file_bytes"`
	MachineMemory uint64                   `json:"machine_memory_bytes"`
	Materials     []MaterialEstimateRecord `json:"materials"`
}

// MaterialEstimateRecord is the JSON form of a MaterialEstimate.
type MaterialEstimateRecord struct {
	Material      string  `json:"material"`
	PaikaLimit    int     `json:"paika_limit"`
	Slots         uint64  `json:"slots"`
	CPUSeconds    float64 `json:"cpu_seconds"`
	WallSeconds   float64 `json:"wall_seconds"`
	PeakBytes     uint64  `json:"peak_bytes"`
	FileBytes     uint64  `json:"file_bytes"`
	FromTheoretic bool    `json:"from_theoretic"`
}

// Record returns e as its JSON record on a machine of machineMemory bytes (0: unknown).
func (e BuildEstimate) Record(machineMemory uint64) EstimateRecord {
	rec := EstimateRecord{e.Workers, e.Cores, e.Built, e.Slots, e.CPU.Seconds(), e.Wall.Seconds(),
		e.PeakBytes, e.FileBytes, machineMemory, []MaterialEstimateRecord{}}
	for _, m := range e.Materials {
		rec.Materials = append(rec.Materials, MaterialEstimateRecord{m.Material.String(), m.PaikaLimit, m.Slots,
			m.CPU.Seconds(), m.Wall.Seconds(), m.PeakBytes, m.FileBytes, m.FromTheoretic})
	}
	return rec
}

// WriteText writes e as a table per material and rule with the totals, the disk that
// checkpoints take, and a warning when the peak is above machineMemory (0: unknown).
func (e BuildEstimate) WriteText(w io.Writer, machineMemory uint64) {
	fmt.Fprintf(w, "estimate on this machine, %d workers on %d cores (rates measured on whole builds: puzzles/tablebase/estimate.go):\n", e.Workers, e.Cores)
	fmt.Fprintf(w, "%-8s %-16s %14s %10s %10s %12s %12s\n", "material", "rule", "slots", "CPU", "wall", "peak memory", "disk")
	fromTheoretic := false
	var largest uint64
	for _, m := range e.Materials {
		rule := PaikaRule(m.PaikaLimit).String()
		if m.FromTheoretic {
			rule, fromTheoretic = rule+" *", true
		}
		largest = max(largest, m.Slots)
		fmt.Fprintf(w, "%-8v %-16s %14d %10v %10v %12s %12s\n", m.Material, rule, m.Slots,
			m.CPU.Round(time.Second), m.Wall.Round(time.Second), MiB(m.PeakBytes), MiB(m.FileBytes))
	}
	fmt.Fprintf(w, "%-8s %-16s %14d %10v %10v %12s %12s  (%d already built)\n", "total", "", e.Slots,
		e.CPU.Round(time.Second), e.Wall.Round(time.Second), MiB(e.PeakBytes), MiB(e.FileBytes), e.Built)
	if fromTheoretic {
		fmt.Fprintln(w, "* starts from the material's theoretic tables, which decide most of it at once")
	}
	if largest > 0 {
		fmt.Fprintf(w, "checkpoints (--checkpoint-every) take up to %s more disk while the largest material builds (compressed, at most one byte a slot, twice while one is written)\n", MiB(2*largest))
	}
	if machineMemory > 0 && e.PeakBytes > machineMemory {
		fmt.Fprintf(w, "warning: the peak memory is above this machine's %s: build one material a process (tablebase plan lists them; --material M --only)\n", MiB(machineMemory))
	}
}

// BuildRecord is the JSON form of a MaterialReport, with the process's peak memory.
type BuildRecord struct {
	Material      string  `json:"material"`
	PaikaLimit    int     `json:"paika_limit"`
	Built         bool    `json:"built"`
	Seconds       float64 `json:"seconds"`
	Bytes         uint64  `json:"bytes"`
	FileBytes     uint64  `json:"file_bytes"`
	Resident      uint64  `json:"resident_bytes"`
	Plies         int     `json:"longest_plies"`
	PeakBytes     uint64  `json:"process_peak_bytes"`
	Resumed       *int    `json:"resumed_after_plies,omitempty"` // nil: not resumed
	FromTheoretic bool    `json:"from_theoretic"`
}

// Record returns r as its JSON record in a process whose peak resident set is peak.
func (r MaterialReport) Record(peak uint64) BuildRecord {
	rec := BuildRecord{r.Material.String(), r.PaikaLimit, r.Built, r.Seconds, r.Bytes, r.FileBytes, r.Resident,
		r.Levels, peak, nil, r.FromTheoretic}
	if r.Resumed {
		plies := r.ResumedPlies
		rec.Resumed = &plies
	}
	return rec
}

// BuildReports are the reports of a build, a material and rule each.
type BuildReports []MaterialReport

// Records returns the JSON records of rs in a process whose peak resident set is peak.
func (rs BuildReports) Records(peak uint64) []BuildRecord {
	recs := make([]BuildRecord, len(rs))
	for i, r := range rs {
		recs[i] = r.Record(peak)
	}
	return recs
}

// WriteText writes a line a report.
func (rs BuildReports) WriteText(w io.Writer) {
	for _, r := range rs {
		fmt.Fprintln(w, r)
	}
}

// String is r as one line of text.
func (r MaterialReport) String() string {
	rule := "theoretic"
	if r.PaikaLimit > 0 {
		rule = fmt.Sprintf("paika %d", r.PaikaLimit)
	}
	if !r.Built {
		return fmt.Sprintf("%-5v %-9s already built (%s of values, %s of files)", r.Material, rule, MiB(r.Bytes), MiB(r.FileBytes))
	}
	resumed := ""
	if r.Resumed {
		resumed = fmt.Sprintf(" (resumed from its checkpoint after plies %d)", r.ResumedPlies)
	}
	if r.FromTheoretic {
		resumed += " from the theoretic values"
	}
	return fmt.Sprintf("%-5v %-9s built in %.1f s%s: %s of values (%s of files), %s in memory with its dependencies, longest %d plies",
		r.Material, rule, r.Seconds, resumed, MiB(r.Bytes), MiB(r.FileBytes), MiB(r.Resident), r.Levels)
}
