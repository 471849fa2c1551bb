//go:build !unix

package cache

// openNoFollow: without these flags, a cache file is still refused after
// opening when it is not a regular file.
const openNoFollow = 0
