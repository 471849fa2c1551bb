//go:build !unix

package deltalog_test

import "time"

// cpuTime is not measured here; the benchmark then reports 0 CPU seconds.
func cpuTime() time.Duration { return 0 }
