//go:build !unix

// Package cputime reads the processor time a process has used, for
// benchmarks that report it beside the wall clock.
package cputime

import "time"

// Process is not measured here: it is 0, and ratios of it read NaN.
func Process() time.Duration { return 0 }

// PeakRSS is not measured here: it is 0.
func PeakRSS() int64 { return 0 }
