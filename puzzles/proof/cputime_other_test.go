//go:build !unix

package proof

import "time"

// cpuTime is unknown here: the benchmark reports nodes a second only.
func cpuTime() time.Duration { return 0 }
