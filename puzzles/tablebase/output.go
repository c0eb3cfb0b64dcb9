// output.go: the results of the calls as the tablebase command prints them: a text
// table, or with JSON one object a line (docs/FORMATS.md).

package tablebase

import (
	"encoding/json"
	"io"
)

// The records of CheckedPlan, Probe and Stats.
type (
	PlanRows  []PlanRecord
	ProbeRows []ProbeRecord
	StatsRows []TableStats
)

// Write writes the plan as a table (WritePlanText), or with asJSON one object a material.
func (p PlanRows) Write(w io.Writer, asJSON bool) error {
	return writeRecords(w, asJSON, p, func(w io.Writer) { WritePlanText(w, p) })
}

// Write writes a line a position (WriteProbeText), or with asJSON one object a position.
func (p ProbeRows) Write(w io.Writer, asJSON bool) error {
	return writeRecords(w, asJSON, p, func(w io.Writer) { WriteProbeText(w, p) })
}

// Write writes a line a table (WriteStatsText), or with asJSON one object a table.
func (s StatsRows) Write(w io.Writer, asJSON bool) error {
	return writeRecords(w, asJSON, s, func(w io.Writer) { WriteStatsText(w, s) })
}

// Write writes a line a material and rule built, or with asJSON their records with the
// peak resident set of this process.
func (rs BuildReports) Write(w io.Writer, asJSON bool) error {
	return writeRecords(w, asJSON, rs.Records(PeakResident()), func(w io.Writer) { rs.WriteText(w) })
}

// Write writes the estimate on this machine (MachineMemory) as tables, or with asJSON as
// one object.
func (e BuildEstimate) Write(w io.Writer, asJSON bool) error {
	mem := MachineMemory()
	return writeRecords(w, asJSON, []EstimateRecord{e.Record(mem)}, func(w io.Writer) { e.WriteText(w, mem) })
}

// writeRecords calls text, or with asJSON writes recs as JSON, one object a line; the
// error is the first write's that failed.
func writeRecords[T any](w io.Writer, asJSON bool, recs []T, text func(io.Writer)) error {
	if !asJSON {
		ew := &firstError{w: w}
		text(ew)
		return ew.err
	}
	enc := json.NewEncoder(w)
	for _, r := range recs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}

// firstError is a writer that keeps the first error of w's writes and writes nothing
// after it, so that text writers without an error of their own report one.
type firstError struct {
	w   io.Writer
	err error
}

func (e *firstError) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
