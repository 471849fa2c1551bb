package main

import (
	"os"
	"testing"
)

// Tests run check in this directory and over the examples: their result
// cache goes to a temporary directory, never into the source tree.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "lakelint-cmd-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("LAKELINT_CACHE_DIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
