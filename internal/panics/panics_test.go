package panics

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGuardTurnsAPanicInAGoroutineIntoAnError(t *testing.T) {
	done := make(chan error)
	go func() {
		done <- Guard(func() error {
			var m map[string]int
			m["x"] = 1 // a nil-map write panics
			return nil
		})()
	}()
	err := <-done
	var pe *Error
	require.True(t, errors.As(err, &pe), "got %v", err)
	assert.Contains(t, pe.Error(), "assignment to entry in nil map")
	assert.True(t, strings.Contains(string(pe.Stack), "panics_test.go"), "the stack names where it panicked")
}

func TestGuardKeepsTheErrorWhenNothingPanics(t *testing.T) {
	want := errors.New("plain failure")
	assert.Same(t, want, Guard(func() error { return want })())
	assert.NoError(t, Guard(func() error { return nil })())
}
