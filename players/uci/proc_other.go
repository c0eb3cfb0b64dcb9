//go:build !unix

// proc_other.go: without process groups, the engine's process alone is killed.

package uci

import "os/exec"

func setProcessGroup(*exec.Cmd) {}

func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
