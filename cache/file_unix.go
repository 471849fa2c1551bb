//go:build unix

package cache

import "syscall"

// openNoFollow opens neither through a symbolic link nor blocking on a FIFO.
const openNoFollow = syscall.O_NOFOLLOW | syscall.O_NONBLOCK
