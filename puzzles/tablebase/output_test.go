package tablebase

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRowsWriteTextOrJSONLines: a plan written as text is WritePlanText's table; as JSON it
// is one object a material, each reading back to its record.
func TestRowsWriteTextOrJSONLines(t *testing.T) {
	plan, err := CheckedPlan(PlanRequest{Material: "1v2"})
	require.NoError(t, err)
	require.Len(t, plan, 2)

	var text, table strings.Builder
	require.NoError(t, plan.Write(&text, false))
	WritePlanText(&table, plan)
	assert.Equal(t, table.String(), text.String())

	var js strings.Builder
	require.NoError(t, plan.Write(&js, true))
	lines := strings.Split(strings.TrimSuffix(js.String(), "\n"), "\n")
	require.Len(t, lines, 2, js.String())
	for i, line := range lines {
		var rec PlanRecord
		require.NoError(t, json.Unmarshal([]byte(line), &rec), line)
		assert.Equal(t, plan[i], rec)
	}
	assert.True(t, strings.HasPrefix(lines[1], `{"layer":1,"material":"2v1"`), lines[1])
}

// failAfter accepts n bytes, then fails every write.
type failAfter struct{ n int }

func (f *failAfter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n := f.n
		f.n = 0
		return n, errors.New("disk full")
	}
	f.n -= len(p)
	return len(p), nil
}

// TestRowsWriteReportsAFailedWrite: a text table whose writes fail part way returns the
// error (the command then exits 1), as the JSON form does.
func TestRowsWriteReportsAFailedWrite(t *testing.T) {
	plan, err := CheckedPlan(PlanRequest{Material: "1v2"})
	require.NoError(t, err)
	for _, asJSON := range []bool{false, true} {
		assert.ErrorContains(t, plan.Write(&failAfter{n: 10}, asJSON), "disk full", "json %v", asJSON)
	}
}
