//go:build unix

package engine_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/lakelint/lakelint/engine"
)

func TestWriteFixed(t *testing.T) {
	const old, fixed = "old\n", "new content\n"
	t.Run("read-only, even for root", func(t *testing.T) {
		p := write(t, t.TempDir(), "a.sql", old)
		os.Chmod(p, 0o444)
		err := engine.WriteFixed(p, []byte(old), []byte(fixed))
		if err == nil || !strings.Contains(err.Error(), "read-only") {
			t.Errorf("err = %v", err)
		}
		if got, _ := os.ReadFile(p); string(got) != old {
			t.Errorf("written: %q", got)
		}
	})
	t.Run("changed since read", func(t *testing.T) {
		p := write(t, t.TempDir(), "a.sql", old)
		f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString("appended by another process\n")
		f.Close()
		if err := engine.WriteFixed(p, []byte(old), []byte(fixed)); !errors.Is(err, engine.ErrChanged) {
			t.Errorf("err = %v", err)
		}
		if got, _ := os.ReadFile(p); string(got) != old+"appended by another process\n" {
			t.Errorf("the appended lines were lost: %q", got)
		}
	})
	t.Run("symlink, hard link, mode and owner", func(t *testing.T) {
		dir := t.TempDir()
		p := write(t, dir, "a.sql", old)
		link, twin := filepath.Join(dir, "link.sql"), filepath.Join(dir, "twin.sql")
		if os.Symlink(p, link) != nil || os.Link(p, twin) != nil {
			t.Skip("no links here")
		}
		os.Chmod(p, 0o600)
		root := os.Geteuid() == 0
		if root {
			os.Chown(p, 4242, 4343)
		}
		if err := engine.WriteFixed(link, []byte(old), []byte(fixed)); err != nil {
			t.Fatal(err)
		}
		if info, _ := os.Lstat(link); info.Mode()&os.ModeSymlink == 0 {
			t.Error("the symlink was replaced")
		}
		for _, q := range []string{p, twin} {
			if got, _ := os.ReadFile(q); string(got) != fixed {
				t.Errorf("%s: %q", q, got)
			}
		}
		info, _ := os.Stat(p)
		if info.Mode().Perm() != 0o600 {
			t.Errorf("mode %v", info.Mode())
		}
		if st, ok := info.Sys().(*syscall.Stat_t); ok && root && (st.Uid != 4242 || st.Gid != 4343) {
			t.Errorf("owner %d:%d", st.Uid, st.Gid)
		}
	})
	t.Run("shorter content truncates", func(t *testing.T) {
		p := write(t, t.TempDir(), "a.sql", fixed)
		if err := engine.WriteFixed(p, []byte(fixed), []byte(old)); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(p); string(got) != old {
			t.Errorf("%q", got)
		}
	})
}

// A file appended to between the check and the write keeps its new lines:
// the fix made from the old content is refused.
func TestFixRefusesAFileChangedDuringTheRun(t *testing.T) {
	dir := t.TempDir()
	ossProject(t, dir)
	p := write(t, dir, "a.sql", "CREATE TABLE a (id INT) USING DELTA;\n")
	res, err := newLinter(t).Fix(context.Background(), []string{dir}, false)
	if err != nil || len(res.Changes) != 1 {
		t.Fatalf("changes %d, %v", len(res.Changes), err)
	}
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("VACUUM a;\n")
	f.Close()
	c := res.Changes[0]
	if err := engine.WriteFixed(c.Path, c.Old, c.New); !errors.Is(err, engine.ErrChanged) {
		t.Errorf("err = %v", err)
	}
	if got, _ := os.ReadFile(p); !strings.HasSuffix(string(got), "VACUUM a;\n") || strings.Contains(string(got), "TBLPROPERTIES") {
		t.Errorf("file now %q", got)
	}
}
