// help.go: every command's help prose (short and long description, examples) comes from
// one embedded document, help.txt (package internal/helptext reads it; its top says its
// syntax); applyHelp sets it by command path when the tree is built.

package main

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/fanorona/fanorona/internal/helptext"
	"github.com/fanorona/fanorona/players"
	"github.com/spf13/cobra"
)

//go:embed help.txt
var helpText string

// applyHelp gives every command of the tree under root its section of text, {{players}}
// and {{analyzer}} filled in; a section that names no command panics (a renamed command
// would lose its help unseen).
func applyHelp(root *cobra.Command, text string) {
	sections, err := helptext.Parse(text)
	if err != nil {
		panic("help.txt: " + err.Error())
	}
	fill := strings.NewReplacer("{{players}}", strings.Join(players.Names(), ", "), "{{analyzer}}", players.DefaultAnalyzer)
	var apply func(c *cobra.Command)
	apply = func(c *cobra.Command) {
		if h, ok := sections[c.CommandPath()]; ok {
			if h.Described {
				c.Short, c.Long = h.Short, fill.Replace(h.Long)
			}
			c.Example = h.Example
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
