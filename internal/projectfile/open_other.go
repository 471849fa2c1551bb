//go:build !unix

package projectfile

// openNonBlock: elsewhere a special file is refused after opening.
const openNonBlock = 0
