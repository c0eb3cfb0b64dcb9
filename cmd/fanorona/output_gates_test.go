package main

import (
	"fmt"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
)

func TestBadInputLeavesStdoutEmptyEvenAfterPrinting(t *testing.T) {
	withTestCommand(t, testCommand("half", func(c *cobra.Command, s *streams) error {
		fmt.Fprintln(s.out, "line 1: 9/9/9/9/4W2B1 w win in 7")
		return badInputf("line 2: FEN %q: has 1 fields", "x")
	}))
	code, out, errs := runCmd(t, "", "half")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "fanorona: line 2: FEN \"x\": has 1 fields\n", errs)
}
