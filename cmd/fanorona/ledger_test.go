// ledger_test.go: prove's ledger flags, the standing of the committed ledger without
// tables, and the ledger's refusals.

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestProveLedgerFlagsBecomeOptions(t *testing.T) {
	o := parsedOptions(t, newProveCmd, "--opening", "--ledger", "l", "--status", "--json", "--jobs", "3")
	assert.Equal(t, "l", o.req.Ledger)
	assert.True(t, o.req.JSON)
	assert.False(t, o.req.Markdown)
	assert.Equal(t, 3, o.req.Jobs)
	assert.False(t, o.req.TimeGiven)
	o = parsedOptions(t, newProveCmd, "--ledger", "l", "--import", "c.fpc.gz", "--markdown", "--time", "9s")
	assert.Equal(t, "c.fpc.gz", o.req.Import)
	assert.True(t, o.req.Markdown)
	assert.True(t, o.req.TimeGiven)
}

// TestLedgerStatusOfTheCommittedLedger: no tables, no search, well under a second.
func TestLedgerStatusOfTheCommittedLedger(t *testing.T) {
	start := time.Now()
	code, out, errs := runCmd(t, "", "prove", "--opening", "--ledger", "../../docs/results/opening", "--status", "--tablebases", "none")
	require.Equal(t, 0, code, errs)
	assert.Less(t, time.Since(start), time.Second)
	assert.Empty(t, errs)
	// The ledger grows with each stretch of the campaign: its totals are not pinned, the
	// refutations it holds stay.
	assert.Regexp(t, `^ledger \.\./\.\./docs/results/opening: \d+ decided, \d+ unknown; \d+ nodes, \d+ s; certificates \d+ bytes\n`, out)
	assert.Contains(t, out, "\nd3-e3A  open: 4 replies, 2 white-not-loses, 0 black-wins, 2 open")
	assert.Contains(t, out, "\n  d3-e3A d4-d3A  white-not-loses (1872568 nodes, d3-e3A.d4-d3A.white-not-loses.fpc.gz)\n")
	assert.Equal(t, 1+5+39, strings.Count(out, "\n"), "a line each: the ledger, 5 first turns, 39 replies")

	code, out, _ = runCmd(t, "", "prove", "--opening", "--ledger", "../../docs/results/opening", "--status", "--markdown")
	require.Equal(t, 0, code)
	// The open replies' nodes grow with the campaign: the row is pinned up to them.
	assert.Contains(t, out, "| `d3-e3A` | 4 | `d4-d3A` (1,872,568 nodes), `f4-f3A` (3,759,788 nodes) | — | `c3-d3A`")
}

func TestProveLedgerRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"prove", "--json"}, "fanorona: --json: needs --ledger\n"},
		{[]string{"prove", "--opening", "--ledger", "l", "--markdown"}, "fanorona: --markdown: needs --status\n"},
		{[]string{"prove", "--ledger", "l", "--status"}, "fanorona: --ledger: needs --opening (with --status: the standing), or --import\n"},
		{[]string{"prove", "--opening", "--ledger", "l", "--folder", "f"}, "fanorona: --ledger: the ledger is the campaign's state; --folder is not wanted\n"},
		{[]string{"prove", "--opening", "--ledger", "l", "--jobs", "0"}, "fanorona: --jobs 0: must be 1 or more\n"},
	} {
		code, out, errs := runCmd(t, "", c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Equal(t, c.want, errs, "%v", c.args)
	}
}
