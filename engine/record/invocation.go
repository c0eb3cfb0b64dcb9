// invocation.go: which toolkit ran a run, and how it was called (run.json's invocations).

package record

import (
	"fmt"
	"runtime/debug"
)

// Invocation is one start or resume of a run: the toolkit's version, the VCS revision it
// was built from and the command line. run.json lists one per process that wrote the
// folder, the start first; a run.json written before it has none (readers take it as
// absent).
type Invocation struct {
	Version     string   `json:"version"`                // the module version: "(devel)" for a build from a checkout
	Revision    string   `json:"vcs_revision,omitempty"` // the commit built from, when the build recorded one
	Modified    bool     `json:"vcs_modified,omitempty"` // built from a tree with changes not committed
	CommitTime  string   `json:"vcs_time,omitempty"`     // the commit's time
	GoVersion   string   `json:"go"`
	CommandLine []string `json:"command_line"` // the arguments as given, the program's name first
}

// NewInvocation returns the invocation of this process (its build information) with the
// command line args.
func NewInvocation(args []string) Invocation {
	inv := Invocation{Version: "(no build information)", CommandLine: append([]string(nil), args...)}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return inv
	}
	inv.Version, inv.GoVersion = info.Main.Version, info.GoVersion
	if inv.Version == "" {
		inv.Version = "(devel)" // go test and go run of a package without a version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			inv.Revision = s.Value
		case "vcs.time":
			inv.CommitTime = s.Value
		case "vcs.modified":
			inv.Modified = s.Value == "true"
		}
	}
	return inv
}

// Toolkit returns the one line of --version for the invocation's build: the version, the
// revision and its time ("+modified" for a changed tree) and the Go version.
func (inv Invocation) Toolkit() string {
	if inv.GoVersion == "" {
		return inv.Version
	}
	if inv.Revision == "" {
		// go test, a build with -buildvcs=false, or a tree that is no git checkout (a git
		// worktree is not recognised by Go's VCS stamping either).
		return fmt.Sprintf("%s, no VCS revision recorded, %s", inv.Version, inv.GoVersion)
	}
	modified := ""
	if inv.Modified {
		modified = "+modified"
	}
	return fmt.Sprintf("%s, revision %s%s (%s), %s", inv.Version, inv.Revision, modified, inv.CommitTime, inv.GoVersion)
}
