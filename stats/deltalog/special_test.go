package deltalog_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/stats/deltalog"
	"github.com/lakelint/lakelint/stats/deltatest"
)

// threeCommits writes a table of commits 0 to 2, each adding one file.
func threeCommits(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var commits []deltatest.Commit
	for i := range 3 {
		commits = append(commits, deltatest.Commit{Adds: deltatest.Files("", i, 1, 1000)})
	}
	deltatest.Write(t, dir, deltatest.Table{Commits: commits})
	return dir
}

const commit3 = "00000000000000000003.json"

// A newest commit that is no file must fail the read, not be skipped: the
// table would silently be described as of the version before.
func TestLatestCommitThatIsNoFile(t *testing.T) {
	for _, tt := range []struct {
		name string
		make func(t *testing.T, path string)
		want string
	}{
		{"directory", func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}, "a directory"},
		{"symlink loop", func(t *testing.T, path string) {
			if err := os.Symlink(filepath.Base(path), path); err != nil {
				t.Fatal(err)
			}
		}, "symbolic link that cannot be followed"},
		{"dangling symlink", func(t *testing.T, path string) {
			if err := os.Symlink("nowhere.json", path); err != nil {
				t.Fatal(err)
			}
		}, "symbolic link that cannot be followed"},
		{"symlink to a directory", func(t *testing.T, path string) {
			if err := os.Symlink(t.TempDir(), path); err != nil {
				t.Fatal(err)
			}
		}, "a directory"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := threeCommits(t)
			tt.make(t, logFile(dir, commit3))
			wantError(t, dir, deltalog.ErrIncompleteLog, "latest commit _delta_log/"+commit3, tt.want)
		})
	}
}

// A commit in the middle that is no file is named as such.
func TestMiddleCommitThatIsNoFile(t *testing.T) {
	dir := threeCommits(t)
	name := logFile(dir, "00000000000000000001.json")
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(name, 0o755); err != nil {
		t.Fatal(err)
	}
	wantError(t, dir, deltalog.ErrIncompleteLog, "commit 00000000000000000001.json is a directory")
}

// Near miss: a directory with a name that is no commit's is not the log's
// business.
func TestOtherDirectoriesInTheLogAreIgnored(t *testing.T) {
	dir := threeCommits(t)
	for _, name := range []string{"_staged_commits", "00000000000000000003.crc"} {
		if err := os.Mkdir(logFile(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := deltalog.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Version != 2 || snap.NumFiles() != 3 {
		t.Errorf("version %d with %d files, want 2 and 3", snap.Version, snap.NumFiles())
	}
}

// A protocol asking readers for what lakelint does not know gives no
// figures, which could be wrong; the features it knows read as before.
func TestUnknownReaderFeatures(t *testing.T) {
	write := func(t *testing.T, p deltatest.Protocol) string {
		dir := t.TempDir()
		deltatest.Write(t, dir, deltatest.Table{Protocol: &p, Commits: []deltatest.Commit{{Adds: deltatest.Files("", 0, 2, 1000)}}})
		return dir
	}
	dir := write(t, deltatest.Protocol{MinReaderVersion: 3, MinWriterVersion: 7,
		ReaderFeatures: []string{"deletionVectors", "catalogOwned-preview", "futureThing"}, WriterFeatures: []string{"deletionVectors"}})
	wantError(t, dir, deltalog.ErrUnsupported, "catalogOwned-preview, futureThing")

	dir = write(t, deltatest.Protocol{MinReaderVersion: 4, MinWriterVersion: 7})
	wantError(t, dir, deltalog.ErrUnsupported, "minReaderVersion 4")

	dir = write(t, deltatest.Protocol{MinReaderVersion: 3, MinWriterVersion: 7,
		ReaderFeatures: []string{"deletionVectors", "columnMapping", "timestampNtz", "v2Checkpoint", "typeWidening"}})
	if snap, err := deltalog.Open(context.Background(), dir); err != nil || snap.NumFiles() != 2 {
		t.Errorf("known reader features: %v", err)
	}
}

// The same check holds when the protocol comes from a checkpoint.
func TestUnknownReaderFeatureInCheckpoint(t *testing.T) {
	dir := t.TempDir()
	deltatest.Write(t, dir, deltatest.Table{
		Protocol:   &deltatest.Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"futureThing"}},
		Commits:    []deltatest.Commit{{Adds: deltatest.Files("", 0, 2, 1000)}, {Adds: deltatest.Files("", 1, 1, 1000)}},
		Checkpoint: &deltatest.Checkpoint{Version: 1, CleanUp: true},
	})
	wantError(t, dir, deltalog.ErrUnsupported, "futureThing")
}

// A file of negative size is a damaged log, in a commit or a checkpoint.
func TestNegativeFileSize(t *testing.T) {
	bad := deltatest.Files("", 9, 1, -5)
	t.Run("commit", func(t *testing.T) {
		dir := t.TempDir()
		deltatest.Write(t, dir, deltatest.Table{Commits: []deltatest.Commit{{Adds: deltatest.Files("", 0, 2, 1000)}, {Adds: bad}}})
		wantError(t, dir, deltalog.ErrBadAction, "negative size (-5)", bad[0].Path)
	})
	t.Run("checkpoint", func(t *testing.T) {
		dir := t.TempDir()
		deltatest.Write(t, dir, deltatest.Table{
			Commits:    []deltatest.Commit{{Adds: deltatest.Files("", 0, 2, 1000)}, {Adds: bad}},
			Checkpoint: &deltatest.Checkpoint{Version: 1, CleanUp: true},
		})
		wantError(t, dir, deltalog.ErrBadAction, "negative size (-5)")
	})
	t.Run("removed later", func(t *testing.T) {
		// A remove carries no size that counts: removing the file is fine.
		dir := t.TempDir()
		deltatest.Write(t, dir, deltatest.Table{Commits: []deltatest.Commit{{Adds: deltatest.Files("", 0, 2, 1000), Removes: bad}}})
		if _, err := deltalog.Open(context.Background(), dir); err != nil {
			t.Errorf("a remove with a negative size: %v", err)
		}
	})
	t.Run("zero", func(t *testing.T) {
		dir := t.TempDir()
		deltatest.Write(t, dir, deltatest.Table{Commits: []deltatest.Commit{{Adds: deltatest.Files("", 0, 2, 0)}}})
		if _, err := deltalog.Open(context.Background(), dir); err != nil {
			t.Errorf("empty files: %v", err)
		}
	})
}
