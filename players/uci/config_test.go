package uci_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fanorona/fanorona/players/uci"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseEngineFlag(t *testing.T) {
	c, err := uci.ParseEngineFlag(`name=cpp,cmd=/opt/my engine/run --threads 1 "two words",dir=/tmp,option.Hash=128,option.NoCaptureLimit=50,margin=250ms,timeout=5s,trace=true`)
	require.NoError(t, err)
	assert.Equal(t, "cpp", c.Name)
	assert.Equal(t, []string{"/opt/my", "engine/run", "--threads", "1", "two words"}, c.Command)
	assert.Equal(t, "/tmp", c.Dir)
	assert.Equal(t, map[string]string{"Hash": "128", "NoCaptureLimit": "50"}, c.Options)
	assert.Equal(t, uci.Duration(250*time.Millisecond), c.Margin)
	assert.Equal(t, uci.Duration(5*time.Second), c.Timeout)
	assert.True(t, c.Trace)

	for flag, want := range map[string]string{
		"name=x":                       "no cmd=",
		"cmd=foo":                      "no name=",
		"name=a:b,cmd=foo":             `name "a:b"`,
		"name=x,cmd=foo,colour=red":    `unknown key "colour"`,
		"name=x,cmd=foo,margin=soon":   "margin=soon",
		"name=x,cmd='foo":              "unclosed quote",
		"name=x,cmd=foo,trace=perhaps": "trace=perhaps",
		"name=x,cmd=foo,justaword":     `"justaword" is not key=value`,
	} {
		_, err := uci.ParseEngineFlag(flag)
		assert.ErrorContains(t, err, want, flag)
		// The error names the source by the flag's name; the command adds the dashes.
		var de *uci.DeclarationError
		require.ErrorAs(t, err, &de, flag)
		assert.Equal(t, uci.FromDeclaration, de.Source, flag)
		assert.Equal(t, flag, de.Value)
		assert.True(t, strings.HasPrefix(err.Error(), fmt.Sprintf("engine %q: ", flag)), "%v", err)
		assert.NotContains(t, err.Error(), "--", flag)
	}
}

func TestReadEnginesFile(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) string {
		p := filepath.Join(dir, "engines.json")
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	cs, err := uci.ReadEnginesFile(write(`[
		{"name": "cpp", "command": ["/opt/cpp, with a comma/fanorona"], "options": {"Hash": "128"}},
		{"name": "py", "cmd": "python3 'my engine.py'", "dir": "docs/examples", "margin": "1s"}]`))
	require.NoError(t, err)
	require.Len(t, cs, 2)
	assert.Equal(t, []string{"/opt/cpp, with a comma/fanorona"}, cs[0].Command)
	assert.Equal(t, "128", cs[0].Options["Hash"])
	assert.Equal(t, []string{"python3", "my engine.py"}, cs[1].Command)
	assert.Equal(t, uci.Duration(time.Second), cs[1].Margin)

	for text, want := range map[string]string{
		`[{"name": "x", "cmd": "a", "colour": "red"}]`: "unknown field",
		`[{"name": "x"}]`: "engine 1: engine x: no cmd=",
		`[{"name": "x", "cmd": "a", "command": ["b"]}]`:  "not both",
		`[{"name": "x", "cmd": "a", "margin": "later"}]`: "later",
		`{"name": "x"}`: "cannot unmarshal",
	} {
		path := write(text)
		_, err := uci.ReadEnginesFile(path)
		assert.ErrorContains(t, err, want, text)
		var de *uci.DeclarationError
		require.ErrorAs(t, err, &de, text)
		assert.Equal(t, uci.FromFile, de.Source, text)
		assert.True(t, strings.HasPrefix(err.Error(), "engines "+path+": "), "%v", err)
		assert.NotContains(t, err.Error(), "--", text)
	}
	missing := filepath.Join(dir, "missing.json")
	_, err = uci.ReadEnginesFile(missing)
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.Equal(t, 1, strings.Count(err.Error(), missing), "the path named once: %v", err)
	assert.True(t, strings.HasPrefix(err.Error(), "engines: "), "%v", err)
}
