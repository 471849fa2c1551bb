package main

import (
	"os"
	"testing"
)

// Tests run check in this directory and over the examples: their result
// cache goes to a temporary directory, never into the source tree.
// TestMain runs the binary as lakelint itself when a test's script asks for it
// (the action's tests), and sends the CLI tests' result cache to a temporary
// directory so that nothing is written into the repository.
func TestMain(m *testing.M) {
	if os.Getenv("LAKELINT_TEST_AS_CLI") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	dir, err := os.MkdirTemp("", "lakelint-cmd-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("LAKELINT_CACHE_DIR", dir)
	keys, err := os.MkdirTemp("", "lakelint-cmd-key-")
	if err != nil {
		panic(err)
	}
	os.Setenv("LAKELINT_CACHE_KEY_DIR", keys) // not the user's own key
	code := m.Run()
	os.RemoveAll(dir)
	os.RemoveAll(keys)
	os.Exit(code)
}
