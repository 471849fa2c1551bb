package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestMain lets the test binary stand in for lakelint: the action's script
// runs it through a wrapper instead of building lakelint again.
// lakelintWrapper writes a script that runs this test binary as lakelint.
func lakelintWrapper(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "lakelint")
	// each run is logged, so a test can count them
	log := filepath.Join(filepath.Dir(path), "calls")
	script := "#!/bin/sh\necho \"$*\" >> '" + log + "'\nLAKELINT_TEST_AS_CLI=1 exec '" + self + "' \"$@\"\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

type actionRun struct {
	stdout, summary, outputs string
	calls                    []string // lakelint's command lines
	status                   int
	sarif                    []byte
}

// runAction runs scripts/action.sh as the composite action's step does,
// with the runner's variables pointing into a scratch workspace.
func runAction(t *testing.T, workspace string, env map[string]string) actionRun {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Fatal("the action's script needs bash")
	}
	actionPath, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	summary := filepath.Join(tmp, "step_summary.md")
	outputs := filepath.Join(tmp, "github_output")
	cmd := exec.Command("bash", filepath.Join(actionPath, "scripts", "action.sh"))
	cmd.Dir = workspace
	wrapper := lakelintWrapper(t)
	cmd.Env = append(os.Environ(),
		"LAKELINT_BIN="+wrapper,
		"GITHUB_ACTIONS=true",
		"GITHUB_ACTION_PATH="+actionPath,
		"GITHUB_WORKSPACE="+workspace,
		"GITHUB_STEP_SUMMARY="+summary,
		"GITHUB_OUTPUT="+outputs,
		"RUNNER_TEMP="+tmp,
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
	)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.Output()
	r := actionRun{stdout: string(out)}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		r.status = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(summary)
	r.summary = string(data)
	data, _ = os.ReadFile(outputs)
	r.outputs = string(data)
	r.sarif, _ = os.ReadFile(filepath.Join(workspace, "lakelint.sarif"))
	data, _ = os.ReadFile(filepath.Join(filepath.Dir(wrapper), "calls"))
	r.calls = strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	return r
}

func TestActionAnnotatesSummarisesAndWritesSARIF(t *testing.T) {
	dir := scratchRepo(t)
	r := runAction(t, dir, map[string]string{"GITHUB_EVENT_NAME": "push"})
	if r.status != exitFindings {
		t.Fatalf("status %d, want 1 (findings)\n%s", r.status, r.stdout)
	}
	if !strings.Contains(r.stdout, " file=jobs/old.py,line=2,") {
		t.Errorf("no annotation:\n%s", r.stdout)
	}
	if !strings.HasPrefix(r.summary, "## lakelint\n") || !strings.Contains(r.summary, "| LL102 |") {
		t.Errorf("step summary:\n%s", r.summary)
	}
	if !strings.Contains(r.outputs, "sarif-file=lakelint.sarif\n") || !strings.Contains(r.outputs, "exit-code=1\n") {
		t.Errorf("outputs:\n%s", r.outputs)
	}
	if len(r.calls) != 1 || !strings.Contains(r.calls[0], "--output-format github --output sarif=lakelint.sarif") {
		t.Errorf("want one lakelint run writing both, got %q", r.calls)
	}
	validateSARIF(t, r.sarif)
	var log struct {
		Runs []struct{ Results []json.RawMessage }
	}
	if err := json.Unmarshal(r.sarif, &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Errorf("SARIF written despite findings? %v\n%s", err, r.sarif)
	}

	// fail-on-findings false: the step passes, the outputs still say 1
	r = runAction(t, dir, map[string]string{"INPUT_FAIL_ON_FINDINGS": "false"})
	if r.status != 0 || !strings.Contains(r.outputs, "exit-code=1\n") {
		t.Errorf("fail-on-findings false: status %d, outputs %q", r.status, r.outputs)
	}
}

func TestActionChangedLinesOnPullRequest(t *testing.T) {
	dir := scratchRepo(t)
	git(t, dir, "update-ref", "refs/remotes/origin/main", "main")
	git(t, dir, "checkout", "-q", "-b", "feature")
	write(t, filepath.Join(dir, "jobs", "feature.py"), strings.ReplaceAll(singleFileWrite, "%s", "feature"))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "feature")
	r := runAction(t, dir, map[string]string{
		"GITHUB_EVENT_NAME": "pull_request", "GITHUB_BASE_REF": "main",
		"INPUT_CHANGED_LINES_ONLY": "true", "INPUT_SARIF": "false",
	})
	if r.status != exitFindings || !strings.Contains(r.stdout, "file=jobs/feature.py") || strings.Contains(r.stdout, "old.py") {
		t.Errorf("status %d, want only the pull request's finding:\n%s", r.status, r.stdout)
	}
	if !strings.Contains(r.outputs, "sarif-file=\n") {
		t.Errorf("outputs %q", r.outputs)
	}
	// a bad input is a clear error
	r = runAction(t, dir, map[string]string{"INPUT_SARIF": "maybe"})
	if r.status != exitError || !strings.Contains(r.stdout, "::error title=lakelint action::input sarif: expected true or false") {
		t.Errorf("bad input: status %d\n%s", r.status, r.stdout)
	}
}

// action.yml hands every input to a script, and the script reads it; Go is
// set up, and its caches keyed on the action's go.mod and go.sum, only when
// lakelint is built.
func TestActionInputsReachTheScript(t *testing.T) {
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	type step struct {
		ID   string
		If   string
		Uses string
		With map[string]string
		Run  string
		Env  map[string]string
	}
	var action struct {
		Inputs map[string]struct {
			Description string
			Default     *string
		}
		Runs struct {
			Using string
			Steps []step
		}
	}
	if err := yaml.Unmarshal(data, &action); err != nil {
		t.Fatal(err)
	}
	var scripts string
	for _, name := range []string{"action.sh", "action-install.sh"} {
		data, err := os.ReadFile("../../scripts/" + name)
		if err != nil {
			t.Fatal(err)
		}
		scripts += string(data)
	}
	if action.Runs.Using != "composite" {
		t.Fatalf("runs: %+v", action.Runs)
	}
	steps := map[string]step{}
	env := map[string]string{}
	for _, s := range action.Runs.Steps {
		key := s.ID
		if s.Uses != "" {
			key, _, _ = strings.Cut(s.Uses, "@")
		}
		steps[key] = s
		for k, v := range s.Env {
			env[k] = v
		}
	}
	install, setup, cache, build, lint := steps["install"], steps["actions/setup-go"], steps["actions/cache"], steps["build"], steps["lint"]
	if action.Runs.Steps[0].ID != "install" || !strings.Contains(install.Run, "scripts/action-install.sh\" download") {
		t.Errorf("the first step does not download lakelint: %+v", action.Runs.Steps[0])
	}
	building := "steps.install.outputs.build == 'true'"
	if setup.If != building || setup.With["go-version-file"] != "${{ github.action_path }}/go.mod" || setup.With["cache"] != "false" {
		t.Errorf("Go is not set up at go.mod's version only for a build: %+v", setup)
	}
	if cache.If != building || !strings.Contains(cache.With["key"], "${{ steps.install.outputs.go-sum-hash }}") ||
		!strings.Contains(cache.With["path"], "steps.go-env.outputs.gocache") || !strings.Contains(cache.With["path"], "steps.go-env.outputs.gomodcache") {
		t.Errorf("the Go cache is not keyed on the action's go.sum: %+v", cache)
	}
	if build.If != building || !strings.Contains(build.Run, "scripts/action-install.sh\" build") {
		t.Errorf("build step %+v", build)
	}
	if !strings.Contains(lint.Run, "scripts/action.sh") || lint.Env["LAKELINT_BIN"] != "${{ steps.build.outputs.bin || steps.install.outputs.bin }}" {
		t.Errorf("lint step %+v", lint)
	}
	for _, name := range []string{"args", "version", "build-from-source", "sarif", "annotations", "changed-lines-only"} {
		if _, ok := action.Inputs[name]; !ok {
			t.Errorf("no input %s", name)
		}
	}
	for name, in := range action.Inputs {
		v := "INPUT_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
		if env[v] != "${{ inputs."+name+" }}" {
			t.Errorf("input %s is not passed as %s", name, v)
		}
		if !strings.Contains(scripts, v) {
			t.Errorf("no script reads %s", v)
		}
		if in.Description == "" || in.Default == nil {
			t.Errorf("input %s needs a description and a default", name)
		}
	}
}

// With actions/checkout's default depth of 1, the action fetches the base
// and deepens until the merge base is there: only the pull request's
// lines are reported, in the annotations and the SARIF file alike.
func TestActionShallowCheckout(t *testing.T) {
	origin := scratchRepo(t)
	git(t, origin, "checkout", "-q", "-b", "feature")
	write(t, filepath.Join(origin, "jobs", "feature.py"), strings.ReplaceAll(singleFileWrite, "%s", "feature"))
	git(t, origin, "add", "-A")
	git(t, origin, "commit", "-q", "-m", "feature")
	for i := range 3 {
		write(t, filepath.Join(origin, "notes.txt"), strings.Repeat("x\n", i+1))
		git(t, origin, "add", "-A")
		git(t, origin, "commit", "-q", "-m", "more")
	}
	git(t, origin, "checkout", "-q", "main")
	for i := range 3 {
		write(t, filepath.Join(origin, "jobs", "later.py"), strings.Repeat(strings.ReplaceAll(singleFileWrite, "%s", "later"), i+1))
		git(t, origin, "add", "-A")
		git(t, origin, "commit", "-q", "-m", "main moves on")
	}
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, origin, "clone", "-q", "--depth", "1", "--branch", "feature", "file://"+origin, clone)
	r := runAction(t, clone, map[string]string{
		"GITHUB_EVENT_NAME": "pull_request", "GITHUB_BASE_REF": "main", "INPUT_CHANGED_LINES_ONLY": "true",
	})
	if r.status != exitFindings || !strings.Contains(r.stdout, "file=jobs/feature.py") || strings.Contains(r.stdout, "old.py") ||
		strings.Contains(r.stdout, "later.py") || strings.Contains(r.stdout, "no merge base") {
		t.Errorf("status %d, want only the pull request's finding:\n%s", r.status, r.stdout)
	}
	validateSARIF(t, r.sarif)
	if !strings.Contains(string(r.sarif), `"uri": "jobs/feature.py"`) || strings.Contains(string(r.sarif), `"uri": "jobs/old.py"`) {
		t.Errorf("SARIF results:\n%s", r.sarif)
	}
}

// The README's workflow grants what uploading SARIF needs and leaves the
// checkout at its default depth, which the action copes with.
func TestREADMEWorkflow(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "# .github/workflows/lakelint.yml\n")
	block, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("no workflow in the README")
	}
	var wf struct {
		Jobs map[string]struct {
			Permissions map[string]string
			Steps       []struct {
				Uses string
				With map[string]any
			}
		}
	}
	if err := yaml.Unmarshal([]byte(block), &wf); err != nil {
		t.Fatal(err)
	}
	job := wf.Jobs["lakelint"]
	if job.Permissions["security-events"] != "write" || job.Permissions["actions"] != "read" || job.Permissions["contents"] != "read" {
		t.Errorf("permissions %v", job.Permissions)
	}
	if !slices.ContainsFunc(job.Steps, func(s struct {
		Uses string
		With map[string]any
	}) bool {
		return regexp.MustCompile(`^lakelint/lakelint@v\d+\.\d+\.\d+$`).MatchString(s.Uses)
	}) {
		t.Errorf("the workflow does not use the action at a release tag, so it would build lakelint: %+v", job.Steps)
	}
	for _, s := range job.Steps {
		if strings.HasPrefix(s.Uses, "actions/checkout@") && s.With["fetch-depth"] != nil {
			t.Errorf("checkout asks for fetch-depth %v, which the action no longer needs", s.With["fetch-depth"])
		}
	}
}
