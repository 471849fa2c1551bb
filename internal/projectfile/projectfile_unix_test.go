//go:build unix

package projectfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A FIFO, a link to a device or a huge file under a project file's name is
// refused at once; a regular file is read.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "requirements.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(fifo); err == nil {
		t.Error("a FIFO is read")
	}
	zero := filepath.Join(dir, "pyproject.toml")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(zero); err == nil {
		t.Error("/dev/zero is read")
	}
	big := filepath.Join(dir, "databricks.yml")
	if err := os.WriteFile(big, make([]byte, MaxSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(big); err == nil {
		t.Error("a file over MaxSize is read")
	}
	ok := filepath.Join(dir, "setup.cfg")
	if err := os.WriteFile(ok, []byte("[metadata]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := Read(ok); err != nil || string(data) != "[metadata]\n" {
		t.Errorf("a regular file: %q %v", data, err)
	}
}
