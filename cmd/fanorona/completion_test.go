package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShellCompletion(t *testing.T) {
	for shell, marker := range map[string]string{
		"bash":       "# bash completion V2 for fanorona",
		"zsh":        "#compdef fanorona",
		"fish":       "complete -c fanorona",
		"powershell": "Register-ArgumentCompleter",
	} {
		code, out, errs := runCmd(t, "", "completion", shell)
		require.Equal(t, 0, code, "%s: %s", shell, errs)
		assert.Contains(t, out, marker, shell)
		if sh, err := exec.LookPath(map[string]string{"bash": "bash", "zsh": "zsh", "fish": "fish"}[shell]); err == nil && shell != "powershell" {
			script := filepath.Join(t.TempDir(), "completion."+shell)
			require.NoError(t, os.WriteFile(script, []byte(out), 0o644))
			flag := "-n"
			if shell == "fish" {
				flag = "--no-execute"
			}
			res, err := exec.Command(sh, flag, script).CombinedOutput()
			assert.NoError(t, err, "%s says the script is broken: %s", shell, res)
		}
	}
	// What the scripts call: the candidates for "fanorona perft --de<TAB>".
	code, out, _ := runCmd(t, "", "__complete", "perft", "--de")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "--depth")
	code, out, _ = runCmd(t, "", "__complete", "tablebase", "")
	require.Equal(t, 0, code)
	for _, sub := range []string{"build", "probe", "verify", "stats"} {
		assert.Contains(t, out, sub+"\t")
	}
}
