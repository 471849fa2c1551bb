//go:build unix

package engine_test

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, user and system: on
// a shared machine it says what a run costs better than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
