package tablebase

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuildRecordHasTheFieldsOfTheFormat: the keys docs/FORMATS.md gives a build's JSON
// object, "resumed_after_plies" only for a resumed build (0: resumed after init).
func TestBuildRecordHasTheFieldsOfTheFormat(t *testing.T) {
	keys := []string{"material", "paika_limit", "built", "seconds", "bytes", "file_bytes", "resident_bytes",
		"longest_plies", "process_peak_bytes", "from_theoretic"}
	r := MaterialReport{Material: Material{3, 2}, PaikaLimit: 50, Built: true, Levels: 30}
	for _, resumed := range []bool{false, true} {
		r.Resumed = resumed
		b, err := json.Marshal(r.Record(1 << 20))
		require.NoError(t, err)
		var got map[string]any
		require.NoError(t, json.Unmarshal(b, &got))
		want := keys
		if resumed {
			want = append(want[:len(want):len(want)], "resumed_after_plies")
			assert.Equal(t, 0.0, got["resumed_after_plies"])
		}
		var have []string
		for k := range got {
			have = append(have, k)
		}
		assert.ElementsMatch(t, want, have)
		assert.Equal(t, "3v2", got["material"])
		assert.Equal(t, float64(1<<20), got["process_peak_bytes"])
	}
}

// TestMaterialReportLines: a material built, resumed from the theoretic values, and one
// already there, as the command prints them.
func TestMaterialReportLines(t *testing.T) {
	r := MaterialReport{Material: Material{2, 1}, PaikaLimit: 50, Built: true, Seconds: 1.25, Bytes: 3 << 20,
		FileBytes: 1 << 19, Resident: 5 << 20, Levels: 12, Resumed: true, ResumedPlies: 4, FromTheoretic: true}
	assert.Equal(t, "2v1   paika 50  built in 1.2 s (resumed from its checkpoint after plies 4) from the theoretic values: "+
		"3.0 MiB of values (0.5 MiB of files), 5.0 MiB in memory with its dependencies, longest 12 plies", r.String())
	r.Built, r.PaikaLimit = false, 0
	assert.Equal(t, "2v1   theoretic already built (3.0 MiB of values, 0.5 MiB of files)", r.String())
}

// TestBuildReportsAsLinesAndRecords: a line a report, and a record each with the peak.
func TestBuildReportsAsLinesAndRecords(t *testing.T) {
	reps := BuildReports{{Material: Material{1, 1}, Bytes: 660, FileBytes: 322},
		{Material: Material{2, 1}, PaikaLimit: 50, Built: true, Seconds: 1.5, Levels: 30}}
	var b strings.Builder
	reps.WriteText(&b)
	assert.Equal(t, "1v1   theoretic already built (0.0 MiB of values, 0.0 MiB of files)\n"+
		"2v1   paika 50  built in 1.5 s: 0.0 MiB of values (0.0 MiB of files), 0.0 MiB in memory with its dependencies, longest 30 plies\n", b.String())
	recs := reps.Records(7)
	require.Len(t, recs, 2)
	assert.Equal(t, BuildRecord{Material: "2v1", PaikaLimit: 50, Built: true, Seconds: 1.5, Plies: 30, PeakBytes: 7}, recs[1])
	assert.Equal(t, "1v1", recs[0].Material)
}

// TestReadFENsSkipsCommentsAndNamesTheBadLine: blank and # lines skipped, a line longer
// than any buffer read whole, the first bad FEN named by its line.
func TestReadFENsSkipsCommentsAndNamesTheBadLine(t *testing.T) {
	in := "# " + strings.Repeat("x", 100000) + "\n\n9/9/9/9/4W2B1 w\n  9/9/9/9/4W3B w  \n"
	ps, where, err := ReadFENs(strings.NewReader(in), "batch")
	require.NoError(t, err)
	require.Len(t, ps, 2)
	assert.Equal(t, []string{"batch line 3", "batch line 4"}, where)
	assert.Equal(t, 2, ps[1].Occupied().Count())
	_, _, err = ReadFENs(strings.NewReader("9/9/9/9/4W2B1 w\n9/9 w"), "-")
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "- line 2: "), err.Error())
}

// TestStatsAndVerifyRefuseBeforeWork: no table, or a damaged block, is ErrUnusable.
func TestStatsAndVerifyRefuseBeforeWork(t *testing.T) {
	_, err := Stats(t.TempDir())
	assert.ErrorIs(t, err, ErrUnusable)
	dir := damageLastByte(t, "1v2.fntb")
	_, err = Stats(dir)
	assert.ErrorIs(t, err, ErrUnusable)
	assert.ErrorIs(t, err, ErrDamaged)
	limit := 10
	_, err = VerifyFolder(t.Context(), VerifyRequest{Folder: dir, PaikaLimit: limit, PaikaLimitGiven: true, Material: "4v1"})
	assert.ErrorIs(t, err, ErrUnusable, "no table of that material")
	_, err = VerifyFolder(t.Context(), VerifyRequest{Folder: dir, Material: "2v1"})
	assert.ErrorIs(t, err, ErrDamaged)

	recs, err := Stats("testdata/format2")
	require.NoError(t, err)
	require.Len(t, recs, 6)
	// 2v1 under paika limit 10 beside its theoretic table: a limit only draws, so its wins
	// are among the theoretic ones and the difference is counted as cursed.
	theo, rule := recs[1], recs[4]
	require.Equal(t, [2]string{"2v1", "2v1"}, [2]string{theo.Class, rule.Class})
	require.Equal(t, [2]int{0, 10}, [2]int{theo.PaikaLimit, rule.PaikaLimit})
	assert.Nil(t, theo.CursedWins, "a theoretic table has no cursed wins")
	require.NotNil(t, rule.CursedWins)
	assert.LessOrEqual(t, rule.Wins, theo.Wins)
	assert.Equal(t, theo.Positions, rule.Positions)
}
