package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The example project's SARIF is what code scanning receives: it must
// validate against the official schema and carry what GitHub needs.
func TestExamplesSARIFValidates(t *testing.T) {
	out, errOut, code := runCLI(t, "", "check", "../../examples", "--output-format", "sarif")
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	validateSARIF(t, []byte(out))
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID   string
						Help *struct{ Text, Markdown string }
					}
				}
			}
			Results []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           *struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) < 17 || len(run.Results) == 0 {
		t.Fatalf("%d rules, %d results", len(run.Tool.Driver.Rules), len(run.Results))
	}
	for _, r := range run.Tool.Driver.Rules {
		if r.Help == nil || r.Help.Text == "" || !strings.HasPrefix(r.Help.Markdown, "# "+r.ID) {
			t.Errorf("rule %s has no help from its docs", r.ID)
		}
	}
	notebook := false
	for _, r := range run.Results {
		loc := r.Locations[0].PhysicalLocation
		if loc.Region == nil || loc.Region.StartLine < 1 {
			t.Errorf("%s in %s: no region with a startLine", r.RuleID, loc.ArtifactLocation.URI)
		}
		// the checkout is a git work tree: URIs are relative to its top
		if !strings.HasPrefix(loc.ArtifactLocation.URI, "examples/") || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
			t.Errorf("uri %q base %q: not relative to the project root", loc.ArtifactLocation.URI, loc.ArtifactLocation.URIBaseID)
		}
		notebook = notebook || strings.HasSuffix(loc.ArtifactLocation.URI, ".ipynb")
	}
	if !notebook {
		t.Error("no notebook result")
	}
}

// git runs git in dir for a test.
func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const singleFileWrite = `df.coalesce(1).write.format("delta").mode("append").saveAsTable("main.a.%s")` + "\n"

// scratchRepo makes a git repository with one committed job whose line 2
// has a finding, on branch main.
func scratchRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	git(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "jobs", "old.py"), "df = spark.table(\"main.a.src\")\n"+strings.ReplaceAll(singleFileWrite, "%s", "old"))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "old")
	return dir
}

func TestDiffFromReportsOnlyChangedLines(t *testing.T) {
	dir := scratchRepo(t)
	t.Chdir(dir)
	// without --diff-from the old finding is there
	if out, _, code := runCLI(t, "", "check", "--output-format", "concise"); code != exitFindings || !strings.Contains(out, "jobs/old.py:2:") {
		t.Fatalf("baseline: exit %d\n%s", code, out)
	}
	// nothing changed: nothing reported, exit 0
	if out, errOut, code := runCLI(t, "", "check", "--diff-from", "HEAD", "--output-format", "concise"); code != exitClean || out != "" {
		t.Fatalf("no change: exit %d\n%s%s", code, out, errOut)
	}
	// a new line in the old file, and a new untracked file
	write(t, filepath.Join(dir, "jobs", "old.py"), "df = spark.table(\"main.a.src\")\n"+strings.ReplaceAll(singleFileWrite, "%s", "old")+
		"x = 1\n"+strings.ReplaceAll(singleFileWrite, "%s", "new"))
	write(t, filepath.Join(dir, "jobs", "fresh.py"), strings.ReplaceAll(singleFileWrite, "%s", "fresh"))
	out, errOut, code := runCLI(t, "", "check", "--diff-from", "HEAD", "--output-format", "concise")
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(out, "jobs/old.py:2:") || !strings.Contains(out, "jobs/old.py:4:") || !strings.Contains(out, "jobs/fresh.py:1:") {
		t.Errorf("want the findings on lines 4 and in the new file only:\n%s", out)
	}
}

// A pull request compares its branch with the merge base: main moving on
// after the branch was made must not count.
func TestDiffFromPullRequestRange(t *testing.T) {
	dir := scratchRepo(t)
	t.Chdir(dir)
	git(t, dir, "checkout", "-q", "-b", "feature")
	write(t, filepath.Join(dir, "jobs", "feature.py"), strings.ReplaceAll(singleFileWrite, "%s", "feature"))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "feature")
	git(t, dir, "checkout", "-q", "main")
	write(t, filepath.Join(dir, "jobs", "later.py"), strings.ReplaceAll(singleFileWrite, "%s", "later"))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "later on main")
	git(t, dir, "checkout", "-q", "feature")
	out, errOut, code := runCLI(t, "", "check", "--diff-from", "main...HEAD", "--output-format", "concise")
	if code != exitFindings || !strings.Contains(out, "jobs/feature.py:1:") || strings.Contains(out, "old.py") {
		t.Errorf("exit %d, want only feature.py:\n%s%s", code, out, errOut)
	}
	if _, errOut, code := runCLI(t, "", "check", "--diff-from", "no-such-rev"); code != exitError || !strings.Contains(errOut, "--diff-from no-such-rev") {
		t.Errorf("bad revision: exit %d, %s", code, errOut)
	}
	if _, _, code := runCLI(t, "", "check", "--diff-from", "HEAD", "--fix"); code != exitError {
		t.Errorf("--diff-from with --fix: exit %d", code)
	}
}

func TestDiffFromOutsideGit(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, errOut, code := runCLI(t, "", "check", "--diff-from", "HEAD"); code != exitError || !strings.Contains(errOut, "git") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

// Paths that tools read are relative to the project root, wherever lakelint
// runs from inside it.
func TestSARIFPathsFromASubdirectory(t *testing.T) {
	dir := scratchRepo(t)
	t.Chdir(filepath.Join(dir, "jobs"))
	out, _, code := runCLI(t, "", "check", "../jobs/old.py", "--output-format", "sarif")
	if code != exitFindings || !strings.Contains(out, `"uri": "jobs/old.py"`) || strings.Contains(out, `"../`) {
		t.Errorf("exit %d:\n%s", code, out)
	}
	out, _, _ = runCLI(t, "", "check", "old.py", "--output-format", "github")
	if !strings.HasPrefix(out, "::warning file=jobs/old.py,line=2,") && !strings.HasPrefix(out, "::error file=jobs/old.py,line=2,") {
		t.Errorf("github path not root-relative:\n%s", out)
	}
}

func TestGitHubStepSummaryFromEnvironment(t *testing.T) {
	dir := scratchRepo(t)
	t.Chdir(dir)
	write(t, filepath.Join(dir, "bad.ipynb"), "{not json")
	summary := filepath.Join(t.TempDir(), "summary.md")
	write(t, summary, "earlier step\n")
	t.Setenv("GITHUB_STEP_SUMMARY", summary)
	out, _, code := runCLI(t, "", "check", "--output-format", "github")
	if code != exitFindings {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(out, "::warning file=bad.ipynb,title=lakelint%3A not linted::") {
		t.Errorf("skipped notebook is not a ::warning:\n%s", out)
	}
	data, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	if !strings.HasPrefix(s, "earlier step\n## lakelint\n") || !strings.Contains(s, "| LL102 |") || !strings.Contains(s, "`bad.ipynb`") {
		t.Errorf("summary:\n%s", s)
	}
	// other formats leave the summary alone
	runCLI(t, "", "check", "--output-format", "sarif")
	if again, _ := os.ReadFile(summary); !bytes.Equal(again, data) {
		t.Error("sarif wrote to the step summary")
	}
}
