//go:build !unix

package engine

import "time"

// processCPU is not measured here; cpu-ms/op reads 0.
func processCPU() time.Duration { return 0 }
