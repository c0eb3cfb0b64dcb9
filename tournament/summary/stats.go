// stats.go: the statistics of record files as stats asks for them (Stats): one set read,
// or two whose game lengths are compared.

package summary

// StatsRequest is a reading of record files (games files or run folders): one set, and
// with Compare a second whose game lengths are compared with the first's.
type StatsRequest struct {
	Set, Compare []string // Compare nil: no second set
	// ReadOptions read both sets; the sequential test is run on Set only.
	ReadOptions
	// Duplicates, when set, is told after each set is read how many exact duplicate
	// records were dropped from it (also when the set is then refused).
	Duplicates func(n int)
}

// StatsResult is what Stats read: the summary of Set and, with Compare, the comparison
// of the sets' game lengths (Comparison is stats --json's form of both).
type StatsResult struct {
	Comparison
	Lengths *LengthComparison // nil without Compare
}

// Stats reads the request's sets (ReadFiles). An error is a set that does not read (a
// file, a line, no valid record: the reader's input).
func Stats(r StatsRequest) (*StatsResult, error) {
	a, err := r.read(r.Set, r.ReadOptions)
	if err != nil {
		return nil, err
	}
	res := &StatsResult{Comparison: Comparison{Summary: a.Summary()}}
	if r.Compare == nil {
		return res, nil
	}
	o := r.ReadOptions
	o.SPRT = nil
	b, err := r.read(r.Compare, o)
	if err != nil {
		return nil, err
	}
	ks := CompareLengths(a, b)
	res.Lengths, res.LengthKS = &ks, ks.JSON()
	return res, nil
}

func (r StatsRequest) read(paths []string, o ReadOptions) (*Accumulator, error) {
	acc, dups, err := ReadFiles(paths, o)
	if r.Duplicates != nil && dups > 0 {
		r.Duplicates(dups)
	}
	return acc, err
}
