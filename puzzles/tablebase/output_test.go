package tablebase

import (
	"encoding/json"
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
