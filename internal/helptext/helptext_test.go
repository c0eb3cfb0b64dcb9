package helptext

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseReadsTheDocumentsSyntax(t *testing.T) {
	doc := "Text before the first section.\n\n" +
		"# prog a\nShort of a\n\nLong of a,\n\nin two paragraphs.\n\n\n## examples\n  prog a --x\n  # a comment\n  prog a\n\n" +
		"# prog b\nShort of b\n\n" +
		"# prog c\n\n## examples\n  prog c zsh > \"${fpath[1]}/_c\"\n" +
		"# prog d\nShort of d\n\nLong of d."
	got, err := Parse(doc)
	require.NoError(t, err)
	assert.Equal(t, map[string]Section{
		"prog a": {Short: "Short of a", Long: "Long of a,\n\nin two paragraphs.", Example: "  prog a --x\n  # a comment\n  prog a", Described: true},
		"prog b": {Short: "Short of b", Described: true},
		"prog c": {Example: `  prog c zsh > "${fpath[1]}/_c"`},
		"prog d": {Short: "Short of d", Long: "Long of d.", Described: true},
	}, got)

	got, err = Parse("# prog\nShort\n")
	require.NoError(t, err)
	assert.Equal(t, map[string]Section{"prog": {Short: "Short", Described: true}}, got, "a section at the very top")
}

func TestParseRefusesALongDescriptionWithoutItsBlankLine(t *testing.T) {
	_, err := Parse("# prog e\nShort\nLong at once\n")
	assert.EqualError(t, err, "prog e: a blank line must follow the short description")
}
