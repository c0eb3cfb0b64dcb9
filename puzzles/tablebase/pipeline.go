// pipeline.go: numbered pieces of work spread over goroutines whose results are taken in
// order on the caller's goroutine, a bounded number in flight: how a table's blocks and a
// checkpoint's chunks are compressed while their file is written, without holding the
// whole compressed table in memory.

package tablebase

import (
	"errors"
	"sync"
	"sync/atomic"

	"github.com/fanorona/fanorona/internal/panics"
)

// inOrder runs work(i, buf) for every i in [0, n) on workers goroutines and gives each
// result to emit in the order of i, on the calling goroutine. At most 2·workers results
// exist at once, and they are reused: work is given an emitted result's buffer (length 0)
// to fill. A worker takes a buffer before it takes the next i, so the i that emit waits for
// always has its buffer and nothing waits in a circle. A panic in work or an error from
// emit is the error, and what remains is skipped.
func inOrder(n, workers int, work func(i int, buf []byte) []byte, emit func(i int, out []byte) error) error {
	workers = max(workers, 1)
	// Piece i is taken only once piece i−2·workers is emitted (its buffer is among the
	// free ones only then), so a ring of 2·workers result slots never holds two at once.
	results := make([]chan []byte, 2*workers)
	free := make(chan []byte, len(results))
	for i := range results {
		results[i] = make(chan []byte, 1)
		free <- nil
	}
	var next atomic.Int64
	var failed atomic.Bool
	panicked := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				buf := <-free
				i := int(next.Add(1) - 1)
				if i >= n {
					free <- buf
					return
				}
				out := buf[:0]
				if !failed.Load() {
					err := panics.Guard(func() error { out = work(i, buf[:0]); return nil })()
					if err != nil {
						if panicked[w] == nil {
							panicked[w] = err
						}
						failed.Store(true)
					}
				}
				results[i%len(results)] <- out
			}
		}()
	}
	var err error
	for i := range n {
		out := <-results[i%len(results)]
		if err == nil && !failed.Load() {
			if err = emit(i, out); err != nil {
				failed.Store(true)
			}
		}
		free <- out
	}
	wg.Wait()
	return errors.Join(err, errors.Join(panicked...))
}
