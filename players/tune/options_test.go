package tune

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/puzzles/tablebase"
)

func TestTablesOptionOpensNoneOrRefusesAMissingFolder(t *testing.T) {
	oracle, dir, err := TablesOption("none")()
	require.NoError(t, err)
	assert.Nil(t, oracle)
	assert.Empty(t, dir)

	missing := filepath.Join(t.TempDir(), "no-tables")
	_, _, err = TablesOption(missing)()
	var ie *tablebase.InputError
	require.True(t, errors.As(err, &ie), "%v", err)
	assert.Contains(t, err.Error(), "--tablebases "+missing+": no such folder")
}

func TestResultWritesItsReportAsIndentedJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Result{Report: map[string]any{"seed": 3, "games": 4}}.WriteJSON(&b))
	assert.Equal(t, "{\n  \"games\": 4,\n  \"seed\": 3\n}\n", b.String())
}
