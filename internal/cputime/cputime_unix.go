//go:build unix

// Package cputime reads the processor time a process has used, for
// benchmarks that report it beside the wall clock: on a shared machine it
// says what a run costs better than the time that passed. It also reads
// the most memory the process has held (PeakRSS).
package cputime

import (
	"runtime"
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

// PeakRSS is the largest resident set the process has had, in bytes: what
// `/usr/bin/time -v` calls the maximum resident set size.
func PeakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	n := int64(ru.Maxrss) //nolint:unconvert // an int32 on 32-bit systems
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return n // bytes there
	}
	return n << 10 // kilobytes elsewhere
}
