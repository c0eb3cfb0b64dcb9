// Package panics turns a panic into an error, so that a bug in one goroutine reaches the
// command line as one line and exit status 70 instead of a stack trace on the user's
// terminal. It uses only the standard library, so that every package of the module may
// use it (the command's main goroutine recovers by itself; a goroutine a library starts
// must recover in that goroutine, Go gives no other way):
//
//	g.Go(panics.Guard(func() error { ... }))          // errgroup
//	go func() { defer panics.Recover(&errs[i]); ... }() // a plain goroutine
package panics

import (
	"fmt"
	"runtime/debug"
)

// Error is a recovered panic: its value and the stack of the goroutine that panicked.
type Error struct {
	Value any
	Stack []byte
}

func (e *Error) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// Recover, deferred, turns a panic of the current goroutine into an *Error in *err
// (an error already in *err is kept only when nothing panicked).
func Recover(err *error) {
	if v := recover(); v != nil {
		*err = &Error{Value: v, Stack: debug.Stack()}
	}
}

// Guard returns fn made safe to run in a goroutine of its own: a panic becomes an *Error.
func Guard(fn func() error) func() error {
	return func() (err error) {
		defer Recover(&err)
		return fn()
	}
}
