// Package ucitest holds what the tests of the engine protocol share across packages: the
// programs they play through (the fanorona command and a misbehaving engine, built once per
// test binary) and the engines a benchmark declares.
package ucitest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/fanorona/fanorona/engine"
	"github.com/fanorona/fanorona/players/uci"
	"github.com/stretchr/testify/require"
)

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// Binaries returns fanorona and the misbehaving test engine (players/uci/testdata/badengine),
// built on the first call of the test binary; its TestMain calls Remove after the tests.
func Binaries(t testing.TB) (fanorona, bad string) {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "uci-test-bin")
		if buildErr != nil {
			return
		}
		_, file, _, _ := runtime.Caller(0)
		cmd := exec.Command("go", "build", "-o", buildDir+string(filepath.Separator), "./cmd/fanorona", "./players/uci/testdata/badengine")
		cmd.Dir = filepath.Join(filepath.Dir(file), "..", "..", "..") // the module's root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = &buildError{err, string(out)}
		}
	})
	require.NoError(t, buildErr)
	return filepath.Join(buildDir, "fanorona"), filepath.Join(buildDir, "badengine")
}

// Remove deletes what Binaries built, if anything.
func Remove() {
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + ": " + e.out }

// BenchEngines declares and starts the random player as an engine, served in this process
// over pipes ("pipe") or by fanorona engine as a program ("process"); the benchmark's
// cleanup closes it.
func BenchEngines(b *testing.B, how string) *uci.Engines {
	e := uci.NewEngines("", nil)
	cfg := uci.EngineConfig{Name: "bench-" + how}
	switch how {
	case "pipe":
		cfg.Server = &uci.ServerConfig{Player: "random", Rules: engine.DefaultRules()}
	case "process":
		fanorona, _ := Binaries(b)
		cfg.Command = []string{fanorona, "engine", "--player", "random", "--tablebases", "none"}
	}
	require.NoError(b, e.Declare(cfg))
	_, err := e.Start()
	require.NoError(b, err)
	b.Cleanup(e.Close)
	return e
}
