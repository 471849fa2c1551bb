//go:build unix

package projectfile

import "syscall"

// openNonBlock opens a FIFO without waiting for a writer; Read then refuses it.
const openNonBlock = syscall.O_NONBLOCK
