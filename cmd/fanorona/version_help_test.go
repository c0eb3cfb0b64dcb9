package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVersion(t *testing.T) {
	code, out, errs := runCmd(t, "", "--version")
	require.Equal(t, 0, code, errs)
	assert.True(t, strings.HasPrefix(out, "fanorona "), out)
	assert.Contains(t, out, runtime.Version())
	assert.Equal(t, 1, strings.Count(out, "\n"))
	// A test binary has no module version nor VCS stamp: the line says so rather than lie.
	assert.Contains(t, out, "(devel)")
}

// exampleCommandLines returns the fanorona command lines of an Example text, split as a
// shell would (double quotes only), cut before redirections and pipes.
func exampleCommandLines(t *testing.T, example string) [][]string {
	var lines [][]string
	for _, l := range strings.Split(example, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "#") {
			continue
		}
		i := strings.Index(l, "fanorona ")
		if i < 0 {
			continue
		}
		l = l[i:]
		if j := strings.IndexAny(l, ")|>"); j >= 0 {
			l = l[:j]
		}
		var words []string
		var cur strings.Builder
		inQuote, started := false, false
		for _, r := range l {
			switch {
			case r == '"':
				inQuote, started = !inQuote, true
			case r == ' ' && !inQuote:
				if started {
					words = append(words, cur.String())
				}
				cur.Reset()
				started = false
			default:
				cur.WriteRune(r)
				started = true
			}
		}
		require.False(t, inQuote, "unbalanced quote in %q", l)
		if started {
			words = append(words, cur.String())
		}
		lines = append(lines, words[1:])
	}
	return lines
}

func TestEveryCommandHasExamplesThatParse(t *testing.T) {
	var out bytes.Buffer
	root := newRootCmd(&streams{strings.NewReader(""), &out, &out})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		lines := exampleCommandLines(t, c.Example)
		if assert.NotEmpty(t, lines, "%q has no example (give it an Example, or add one to commandExamples in examples.go)", c.CommandPath()) {
			for _, args := range lines {
				found, rest, err := root.Find(args)
				require.NoError(t, err, "%q: example %q", c.CommandPath(), args)
				if len(args) > 0 && args[0] != "help" && !strings.HasPrefix(args[0], "-") {
					assert.True(t, found == c || strings.HasPrefix(found.CommandPath(), c.CommandPath()+" "),
						"an example of %q runs %q", c.CommandPath(), found.CommandPath())
				}
				if found.Name() == "help" {
					continue
				}
				assert.NoError(t, found.ParseFlags(rest), "%q: example %q", c.CommandPath(), args)
				found.Flags().Visit(func(f *pflag.Flag) {
					assert.False(t, f.Hidden, "%q: example %q uses the hidden (deprecated) --%s", c.CommandPath(), args, f.Name)
				})
				if found.Args != nil {
					assert.NoError(t, found.ValidateArgs(found.Flags().Args()), "%q: example %q", c.CommandPath(), args)
				}
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	code, help, _ := runCmd(t, "", "perft", "--help")
	require.Equal(t, 0, code)
	assert.Contains(t, help, "Examples:\n  fanorona perft --depth 5")
}
