// Package helptext reads a command-line program's help document: one section a command
// path, each with the command's short and long descriptions and its examples, as printed.
//
// A line "# " and a command path starts a section ("# fanorona stats"). Its first line is
// the short description; after a blank line, the text up to a line "## examples" is the
// long description. The lines after "## examples", up to the next section, are the
// examples. Blank lines that end a part are not part of it. A section with no
// description gives only examples (for the commands the library describes itself). Text
// before the first section is not help.
package helptext

import (
	"fmt"
	"strings"
)

// Section is one command's help; Described is false for a section of examples only.
type Section struct {
	Short, Long, Example string
	Described            bool
}

// Parse reads the sections of doc by command path. A short description followed at once
// by more text (no blank line) is refused: the long one would be taken for part of it.
func Parse(doc string) (map[string]Section, error) {
	sections := map[string]Section{}
	for _, part := range strings.Split("\n"+doc, "\n# ")[1:] {
		path, body, _ := strings.Cut(part, "\n")
		prose, example, _ := strings.Cut("\n"+body, "\n## examples\n")
		s := Section{Example: strings.TrimRight(example, "\n")}
		if prose = strings.Trim(prose, "\n"); prose != "" {
			var long string
			s.Short, long, _ = strings.Cut(prose, "\n")
			if long != "" && !strings.HasPrefix(long, "\n") {
				return nil, fmt.Errorf("%s: a blank line must follow the short description", path)
			}
			s.Long, s.Described = strings.TrimPrefix(long, "\n"), true
		}
		sections[path] = s
	}
	return sections, nil
}
