// planreport.go: a build's plan as the command prints it: the materials in layers that
// can be built in parallel, with what each needs and the memory its build holds.

package tablebase

import (
	"fmt"
	"io"
	"strings"
)

// PlanRecord is one material of a plan (docs/FORMATS.md).
type PlanRecord struct {
	Layer       int      `json:"layer"`
	Material    string   `json:"material"`
	Pieces      int      `json:"pieces"`
	Needs       []string `json:"needs"`
	MemoryBytes uint64   `json:"memory_bytes"` // values held: its own and those of what it needs
}

// PlanRequest asks for the plan of every material of at most MaxPieces pieces, or of
// Material (the form 3v5) and what it needs: one of them.
type PlanRequest struct {
	MaxPieces int
	Material  string
}

// CheckedPlan is the plan r asks for, r checked (an *InputError naming the option).
func CheckedPlan(r PlanRequest) (PlanRows, error) {
	target, err := planTarget(r.MaxPieces, r.Material)
	if err != nil {
		return nil, err
	}
	return PlanRecords(r.MaxPieces, target), nil
}

// PlanRecords returns the materials of Layers(maxPieces, target), layer by layer.
func PlanRecords(maxPieces int, target *Material) []PlanRecord {
	var recs []PlanRecord
	for layer, ms := range Layers(maxPieces, target) {
		for _, m := range ms {
			rec := PlanRecord{Layer: layer, Material: m.String(), Pieces: m.Large + m.Small, Needs: []string{}, MemoryBytes: m.Slots()}
			for _, d := range m.Dependencies() {
				rec.Needs = append(rec.Needs, d.String())
				rec.MemoryBytes += d.Slots()
			}
			recs = append(recs, rec)
		}
	}
	return recs
}

// WritePlanText writes recs as a table, a line a material.
func WritePlanText(w io.Writer, recs []PlanRecord) {
	fmt.Fprintf(w, "%-5s %-8s %6s %12s  %s\n", "layer", "material", "pieces", "memory", "needs")
	for _, r := range recs {
		needs := strings.Join(r.Needs, ",")
		if needs == "" {
			needs = "-"
		}
		fmt.Fprintf(w, "%-5d %-8s %6d %12s  %s\n", r.Layer, r.Material, r.Pieces, MiB(r.MemoryBytes), needs)
	}
}
