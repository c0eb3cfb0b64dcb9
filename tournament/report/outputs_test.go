package report

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/fanorona/fanorona/tournament"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChartAndPageFiles: a chart and a page of a run are the bytes Figure and Build
// give; what reading found is told before drawing; the caller's mistakes are
// *InputError, checked before any file is read.
func TestChartAndPageFiles(t *testing.T) {
	dir := smallRun(t)
	out := t.TempDir()
	var told []*Input
	read := func(in *Input) { told = append(told, in) }

	data, err := ChartFile(ChartRequest{Kind: Lengths, Files: []string{dir}, Output: filepath.Join(out, "l.svg"), Chart: DefaultChartOptions, Read: read})
	require.NoError(t, err)
	in, err := Load([]string{dir})
	require.NoError(t, err)
	fig, err := Figure(Lengths, in.Records, DefaultChartOptions)
	require.NoError(t, err)
	want, err := fig.Encode("l.svg")
	require.NoError(t, err)
	assert.Equal(t, want, data)
	require.Len(t, told, 1)
	assert.Equal(t, in.Records, told[0].Records)

	page, err := PageFile(PageRequest{Files: []string{dir}, Output: filepath.Join(out, "r.html"), Read: read})
	require.NoError(t, err)
	assert.True(t, bytes.Contains(page, []byte("Fanorona round-robin: random, greedy, easy")))
	assert.Len(t, told, 2)

	exists := filepath.Join(out, "x.png")
	require.NoError(t, os.WriteFile(exists, nil, 0o644))
	require.NoError(t, os.WriteFile(exists+".html", nil, 0o644))
	missing := filepath.Join(out, "none")
	for name, err := range map[string]error{
		"extension":   second(ChartFile(ChartRequest{Kind: Lengths, Files: []string{dir}, Output: "l.gif", Chart: DefaultChartOptions})),
		"level":       second(ChartFile(ChartRequest{Kind: Ratings, Files: []string{dir}, Output: "r.svg", Chart: ChartOptions{By: ByMatchup, Conf: 1}})),
		"exists":      second(ChartFile(ChartRequest{Kind: Lengths, Files: []string{dir}, Output: exists, Chart: DefaultChartOptions})),
		"no file":     second(ChartFile(ChartRequest{Kind: Lengths, Files: []string{missing}, Output: filepath.Join(out, "m.svg"), Chart: DefaultChartOptions, Read: read})),
		"page name":   second(PageFile(PageRequest{Files: []string{dir}, Output: "r.txt"})),
		"page exists": second(PageFile(PageRequest{Files: []string{dir}, Output: exists + ".html"})),
	} {
		var ie *tournament.InputError // a run's kind: a command's bad input
		assert.ErrorAs(t, err, &ie, name)
	}
	assert.Len(t, told, 2, "nothing read for a refused request")
	assert.EqualError(t, second(PageFile(PageRequest{Files: []string{dir}, Output: "r.txt"})), `report file "r.txt": the name must end in .html`)
}

func second(_ []byte, err error) error { return err }
