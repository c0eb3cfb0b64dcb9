package uci

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fanorona/fanorona/players"
)

func TestDeclareAllFileThenFlags(t *testing.T) {
	none, err := DeclareAll("", nil, "", nil)
	require.NoError(t, err)
	assert.Nil(t, none, "nothing declared")

	file := filepath.Join(t.TempDir(), "engines.json")
	require.NoError(t, os.WriteFile(file, []byte(`[{"name":"declfile","cmd":"prog --uci"}]`), 0o644))
	engines, err := DeclareAll(file, []string{"name=declflag,cmd=other"}, "", nil)
	require.NoError(t, err)
	require.NotNil(t, engines)
	for _, name := range []string{"declfile", "declflag"} {
		_, err := players.ParseSpec(name)
		assert.NoError(t, err, "%s is a player spec while declared", name)
	}
	engines.Close()

	_, err = DeclareAll(file, []string{"name=declfile,cmd=again"}, "", nil)
	assert.EqualError(t, err, "engine declfile is declared twice")
	var ie *InputError
	assert.ErrorAs(t, err, &ie, "bad input of the command")
	_, err = players.ParseSpec("declfile")
	assert.Error(t, err, "a refused set leaves nothing declared")
	_, err = DeclareAll("", []string{"cmd=nameless"}, "", nil)
	var de *DeclarationError
	assert.ErrorAs(t, err, &de)
	assert.ErrorAs(t, err, &ie)
}
