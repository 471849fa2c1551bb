//go:build unix

// Package cputime reads the processor time a process has used, for
// benchmarks that report it beside the wall clock: on a shared machine it
// says what a run costs better than the time that passed.
package cputime

import (
	"syscall"
	"time"
)

// Process is the user and system time the process has used.
func Process() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
