// merge.go: joining the games.jsonl files of a run's shards into one run.

package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
)

// Merge reads the given games files (or folders holding games.jsonl and run.json), checks
// they come from one run, and writes out/games.jsonl (sorted by index), out/run.json and
// out/summary.json. Nothing in out is overwritten: it must not hold games already.
func Merge(inputs []string, out string, sprt *SPRTConfig) (*Summary, error) {
	if len(inputs) == 0 {
		return nil, inputErrorf("merge: no input files")
	}
	var cfg *Config
	byIndex := map[int]Record{}
	for _, in := range inputs {
		path := in
		if st, err := os.Stat(in); err == nil && st.IsDir() {
			path = filepath.Join(in, GamesFile)
		}
		if raw, err := os.ReadFile(filepath.Join(filepath.Dir(path), RunFile)); err == nil {
			var c Config
			if err := json.Unmarshal(raw, &c); err != nil {
				return nil, inputErrorf("%s: %v", filepath.Join(filepath.Dir(path), RunFile), err)
			}
			if cfg != nil && !sameRun(cfg, &c) {
				return nil, inputErrorf("%s comes from a different run than %s", path, inputs[0])
			}
			cfg = &c
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, &InputError{err}
		}
		recs, bad, err := ReadRecords(f, path)
		f.Close()
		if err != nil {
			return nil, &InputError{err}
		}
		if len(bad) > 0 {
			return nil, &InputError{fmt.Errorf("merge: %v", bad[0])}
		}
		for _, r := range recs {
			if prev, ok := byIndex[r.Index]; ok {
				prev.Seconds, r.Seconds = 0, 0
				if !reflect.DeepEqual(prev, r) {
					return nil, inputErrorf("%s: game %d differs from the same game in another input", path, r.Index)
				}
				continue
			}
			byIndex[r.Index] = r
		}
	}
	recs := make([]Record, 0, len(byIndex))
	for _, r := range byIndex {
		recs = append(recs, r)
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Index < recs[j].Index })

	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, &InputError{err}
	}
	gamesPath := filepath.Join(out, GamesFile)
	f, err := os.OpenFile(gamesPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, inputErrorf("merge: %s exists; choose an empty --out", gamesPath)
	}
	if err != nil {
		return nil, err
	}
	if err := WriteRecords(f, recs); err != nil {
		f.Close()
		return nil, err
	}
	if err := f.Close(); err != nil {
		return nil, err
	}
	s := Summarize(recs, sprt)
	if cfg != nil {
		if err := writeJSONFile(filepath.Join(out, RunFile), cfg); err != nil {
			return nil, err
		}
		s.Config = cfg
	}
	return s, writeJSONFile(filepath.Join(out, SummaryFile), s)
}
