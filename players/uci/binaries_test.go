package uci_test

import (
	"os"
	"testing"

	"github.com/fanorona/fanorona/players/uci/ucitest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	ucitest.Remove()
	os.Exit(code)
}
