// help.go: every command's help prose (short and long description, examples) comes from
// one embedded document, help.txt, whose top says its syntax; applyHelp sets it by command
// path when the tree is built.

package main

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/fanorona/fanorona/players"
	"github.com/spf13/cobra"
)

//go:embed help.txt
var helpText string

// commandHelp is one section of help.txt; described is false for the commands cobra
// describes itself (help, completion), which get only examples.
type commandHelp struct {
	short, long, example string
	described            bool
}

// helpSections reads the sections of a help document by command path.
func helpSections(text string) map[string]commandHelp {
	fill := strings.NewReplacer("{{players}}", strings.Join(players.Names(), ", "), "{{analyzer}}", players.DefaultAnalyzer)
	sections := map[string]commandHelp{}
	for _, section := range strings.Split("\n"+text, "\n# ")[1:] {
		path, body, _ := strings.Cut(section, "\n")
		prose, example, _ := strings.Cut("\n"+body, "\n## examples\n")
		h := commandHelp{example: strings.TrimRight(example, "\n")}
		if prose = strings.Trim(prose, "\n"); prose != "" {
			var long string
			h.short, long, _ = strings.Cut(prose, "\n")
			if long != "" && !strings.HasPrefix(long, "\n") {
				panic(fmt.Sprintf("help.txt: %s: a blank line must follow the short description", path))
			}
			h.long, h.described = fill.Replace(strings.TrimPrefix(long, "\n")), true
		}
		sections[path] = h
	}
	return sections
}

// applyHelp gives every command of the tree under root its section of text; a section
// that names no command panics (a renamed command would lose its help unseen).
func applyHelp(root *cobra.Command, text string) {
	sections := helpSections(text)
	var apply func(c *cobra.Command)
	apply = func(c *cobra.Command) {
		if h, ok := sections[c.CommandPath()]; ok {
			if h.described {
				c.Short, c.Long = h.short, h.long
			}
			c.Example = h.example
			delete(sections, c.CommandPath())
		}
		for _, sub := range c.Commands() {
			apply(sub)
		}
	}
	apply(root)
	for path := range sections {
		panic(fmt.Sprintf("help.txt: section %q names no command", path))
	}
}
