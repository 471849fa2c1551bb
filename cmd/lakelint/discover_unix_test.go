//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An unreadable directory is skipped with a warning and the rest linted.
// Root reads any directory, so there the engine's test, which injects the
// failure, stands for this one.
func TestUnreadableDirectoryIsSkipped(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads a directory whatever its mode (engine's TestFindSkipsAnUnreadableDirectory covers it)")
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "jobs", "a.py"), "DeltaTable.forName(spark, 'main.s.t').vacuum(1)\n")
	locked := filepath.Join(dir, "locked")
	write(t, filepath.Join(locked, "b.py"), "x = 1\n")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	out, errOut, code := runCLI(t, "", "check", "--no-cache", "--output-format", "concise", dir)
	if code != exitFindings || !strings.Contains(out, "LL401") || !strings.Contains(errOut, "lakelint: warning: "+locked+": directory skipped: permission denied\n") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// --verbose says which links discovery did not follow.
func TestVerboseNotesLinksNotFollowed(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "jobs", "a.py"), "x = 1\n")
	if err := os.Symlink("jobs", filepath.Join(dir, "more")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(filepath.Join("jobs", "a.py"), filepath.Join(dir, "b.py")); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runCLI(t, "", "check", "--no-cache", "--verbose", dir)
	for _, want := range []string{
		filepath.Join(dir, "more") + ": symbolic link to a directory not followed",
		filepath.Join(dir, "b.py") + ": symbolic link to a file not followed",
	} {
		if code != exitClean || !strings.Contains(errOut, want) {
			t.Errorf("exit %d, stderr %q; want it to say %s", code, errOut, want)
		}
	}
	if _, errOut, _ := runCLI(t, "", "check", "--no-cache", dir); strings.Contains(errOut, "symbolic link") {
		t.Errorf("without --verbose: %q", errOut)
	}
}

// A file named twice, or by a link and a hard link, is fixed once: no
// "changed since read" for the second write.
func TestFixOfOneFileNamedManyWays(t *testing.T) {
	dir := t.TempDir()
	job := filepath.Join(dir, "job.py")
	write(t, job, "DeltaTable.forName(spark, 'main.s.t').vacuum(1)\n")
	if err := os.Symlink("job.py", filepath.Join(dir, "link.py")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Link(job, filepath.Join(dir, "hard.py")); err != nil {
		t.Skip("no hard links here:", err)
	}
	t.Chdir(dir)
	out, errOut, code := runCLI(t, "", "check", "--no-cache", "--fix", "--unsafe-fixes", "job.py", "./job.py", "link.py", "hard.py", dir+"/job.py")
	if code != exitClean || strings.Contains(errOut, "error") || !strings.Contains(errOut, "Fixed 1 problem(s) in 1 file(s).") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if got, _ := os.ReadFile(job); string(got) != "DeltaTable.forName(spark, 'main.s.t').vacuum(168)\n" {
		t.Errorf("job.py = %q", got)
	}
}
