//go:build !unix

package engine_test

import "time"

// cpuTime is not measured here; the CPU ratios read 0 (NaN).
func cpuTime() time.Duration { return 0 }
