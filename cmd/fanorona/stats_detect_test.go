package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStatsDetectSizesARun: stats --detect EDGE ends its tables with the games a test
// needs to detect 0.5+EDGE and the power the run had; a bad edge or power is one line
// naming the flag, exit 2.
func TestStatsDetectSizesARun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := runCmd(t, "", "selfplay", "--player", "greedy", "--games", "40", "--seed", "5", "--workers", "1", "--max-plies", "200", "-o", dir)
	require.Equal(t, 0, code, errs)
	code, out, errs := runCmd(t, "", "stats", dir, "--detect", "0.05")
	require.Equal(t, 0, code, errs)
	last := strings.TrimSpace(out[strings.LastIndex(strings.TrimSpace(out), "\n")+1:])
	assert.Regexp(t, `^Sample size \(two-sided test of a score against 0\.5 at level 0\.05, normal approximation, draw rate 0\.\d{3} of these games\): `+
		`a true score of 0\.550 needs \d+ games for power 0\.80; these 40 games had power 0\.\d\d to detect it$`, last)

	for _, tc := range []struct{ args, want string }{
		{"--detect 0.5", "fanorona: --detect 0.5: a score edge over ½, strictly between -0.5 and 0.5 (0.02: a score of 0.52)\n"},
		{"--power 0.9", "fanorona: --power 0.9: needs --detect EDGE\n"},
		{"--detect 0.02 --power 1", "fanorona: --power 1: must be above 0.025 and below 1\n"},
	} {
		code, out, errs := runCmd(t, "", append([]string{"stats", dir}, strings.Fields(tc.args)...)...)
		assert.Equal(t, 2, code, tc.args)
		assert.Empty(t, out, tc.args)
		assert.Equal(t, tc.want, errs, tc.args)
	}
}
