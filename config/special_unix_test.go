//go:build unix

package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A config file name held by a FIFO or a link to a device is an error
// that names it: never waited on, never read without end, and never
// skipped so that the run goes on without the user's settings.
func TestResolverRefusesSpecialConfigFiles(t *testing.T) {
	for _, kind := range []string{"fifo", "device"} {
		root := tree(t, map[string]string{"jobs/a.py": "x = 1\n"})
		p := filepath.Join(root, ".lakelint.yaml")
		var err error
		if kind == "fifo" {
			err = syscall.Mkfifo(p, 0o644)
		} else {
			err = os.Symlink("/dev/zero", p)
		}
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewResolver(ResolverOptions{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.For(filepath.Join(root, "jobs", "a.py"))
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%s: err %v, want it named as not a regular file", kind, err)
		}
	}
}
