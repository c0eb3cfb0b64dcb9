package uci_test

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}
