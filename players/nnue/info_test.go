package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenNamesTheEmbeddedNetOrAFile(t *testing.T) {
	n, err := Open(DefaultName)
	require.NoError(t, err)
	sum := sha256.Sum256(defaultNet)
	assert.Equal(t, hex.EncodeToString(sum[:]), n.SHA256, "the embedded file's bytes")

	path := filepath.Join(t.TempDir(), "copy.fnn")
	require.NoError(t, os.WriteFile(path, defaultNet, 0o644))
	m, err := Open(path)
	require.NoError(t, err)
	assert.Equal(t, n.SHA256, m.SHA256)
	_, err = Open(filepath.Join(t.TempDir(), "missing.fnn"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestInfoText(t *testing.T) {
	n, err := Open(DefaultName)
	require.NoError(t, err)
	var b bytes.Buffer
	InfoOf(n, "default").WriteText(&b)
	h := n.Header
	assert.Contains(t, b.String(), "file: default\nsha256: "+n.SHA256+"\n")
	assert.Contains(t, b.String(), "format: "+h.Format)
	require.NotNil(t, h.Training, "the embedded net records its training")
	for _, d := range h.Training.Data {
		assert.Contains(t, b.String(), "  data: "+d.Name)
	}
	InfoOf(&Net{Header: Header{Format: "x"}}, "bare").WriteText(&b)
	assert.Contains(t, b.String(), "training: not recorded\n")
}

func TestInfoJSON(t *testing.T) {
	n, err := Open(DefaultName)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, InfoOf(n, "default").WriteJSON(&b))
	assert.Equal(t, 1, strings.Count(b.String(), "\n"), "one line")
	var got struct {
		File   string `json:"file"`
		SHA256 string `json:"sha256"`
		Header struct {
			Format string `json:"format"`
			Shape  Shape  `json:"shape"`
		} `json:"header"`
	}
	require.NoError(t, json.Unmarshal(b.Bytes(), &got))
	assert.Equal(t, "default", got.File)
	assert.Equal(t, n.SHA256, got.SHA256)
	assert.Equal(t, n.Header.Format, got.Header.Format)
	assert.Equal(t, n.Header.Shape, got.Header.Shape)
}

func TestReadInfoWritesJSONOrText(t *testing.T) {
	info, err := ReadInfo(DefaultName)
	require.NoError(t, err)
	sum := sha256.Sum256(defaultNet)
	assert.Equal(t, hex.EncodeToString(sum[:]), info.SHA256)
	var asJSON, asText bytes.Buffer
	require.NoError(t, info.Write(&asJSON, true))
	require.NoError(t, info.Write(&asText, false))
	var back Info
	require.NoError(t, json.Unmarshal(asJSON.Bytes(), &back))
	assert.Equal(t, info.SHA256, back.SHA256)
	assert.True(t, strings.HasPrefix(asText.String(), "file: "+DefaultName+"\nsha256: "+info.SHA256+"\n"))
	_, err = ReadInfo(filepath.Join(t.TempDir(), "missing.fnn"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

// TestSelectReadsTheNamesASpecGives: "none" is no net, "default" the embedded one, a path
// a net file; a missing file names the choices.
func TestSelectReadsTheNamesASpecGives(t *testing.T) {
	n, err := Select(NoneName)
	require.NoError(t, err)
	assert.Nil(t, n)
	n, err = Select(DefaultName)
	require.NoError(t, err)
	assert.Same(t, Default(), n)
	_, err = Select(filepath.Join(t.TempDir(), "missing.fnn"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `want "default", "none" or a net file: open `)
}
