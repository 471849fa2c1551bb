package fixer

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestPatchName(t *testing.T) {
	for in, want := range map[string]string{
		"jobs/etl.py":        "jobs/etl.py",
		"jobs/my job.py":     "jobs/my job.py\t",
		`odd"name.sql`:       `"odd\"name.sql"`,
		"tab\there.sql":      `"tab\there.sql"`,
		`back\slash.sql`:     `"back\\slash.sql"`,
		"données/é 日本.ipynb": "données/é 日本.ipynb\t",
	} {
		if got := patchName(in); got != want {
			t.Errorf("patchName(%q) = %q, want %q", in, got, want)
		}
	}
}

// GNU patch applies the diff of files whose names hold spaces and quotes.
func TestDiffAppliesWithPatch(t *testing.T) {
	patch, err := exec.LookPath("patch")
	if err != nil {
		t.Skip("GNU patch not installed")
	}
	for _, name := range []string{"my job.py", `odd"name.sql`, "plain.sql", "dir with space/a b.sql"} {
		dir := t.TempDir()
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		old, fixed := "a\nb\nc\n", "a\nB\nc\nd"
		if err := os.WriteFile(p, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(patch, "-p0", "--batch", "--no-backup-if-mismatch")
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(Diff(name, []byte(old), []byte(fixed)))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%q: patch failed: %v\n%s", name, err, out)
			continue
		}
		if got, _ := os.ReadFile(p); string(got) != fixed {
			t.Errorf("%q: patched to %q", name, got)
		}
	}
}
