package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"gopkg.in/yaml.v3"
)

// fakeRelease is a loopback stand-in for GitHub's releases page: it serves
// /download/<tag>/<asset> from dist and /latest as a redirect to the tag.
type fakeRelease struct {
	url      string
	dist     string // the release's assets
	requests atomic.Int32
}

// newFakeRelease packs binary as the release archive of each os/arch with
// scripts/release-dist.sh, writes checksums.txt with it, and serves them.
func newFakeRelease(t *testing.T, tag, binary string, targets ...string) *fakeRelease {
	t.Helper()
	r := &fakeRelease{dist: t.TempDir()}
	for _, target := range targets {
		os, arch, _ := strings.Cut(target, "/")
		releaseDist(t, "archive", strings.TrimPrefix(tag, "v"), os, arch, binary, r.dist)
	}
	releaseDist(t, "checksums", r.dist)
	assets := http.StripPrefix("/download/"+tag+"/", http.FileServer(http.Dir(r.dist)))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.requests.Add(1)
		switch {
		case req.URL.Path == "/latest":
			http.Redirect(w, req, "/tag/"+tag, http.StatusFound)
		case req.URL.Path == "/tag/"+tag:
			w.Write([]byte("release page"))
		case strings.HasPrefix(req.URL.Path, "/download/"+tag+"/"):
			assets.ServeHTTP(w, req)
		default:
			http.NotFound(w, req)
		}
	}))
	t.Cleanup(srv.Close)
	r.url = srv.URL
	return r
}

func releaseDist(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("bash", append([]string{"../../scripts/release-dist.sh"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("release-dist.sh %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// fakeLakelint writes a script standing in for a release's binary.
func fakeLakelint(t *testing.T, says string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lakelint")
	if err := os.WriteFile(path, []byte("#!/bin/sh\necho '"+says+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

type installRun struct {
	stdout  string
	outputs map[string]string
	status  int
}

// runInstall runs scripts/action-install.sh as the action's install (and
// build) step does, with the releases served by rel.
func runInstall(t *testing.T, mode string, rel *fakeRelease, env map[string]string) installRun {
	t.Helper()
	actionPath, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	outputs := filepath.Join(tmp, "github_output")
	cmd := exec.Command("bash", filepath.Join(actionPath, "scripts", "action-install.sh"), mode)
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(),
		"GITHUB_ACTIONS=true",
		"GITHUB_ACTION_PATH="+actionPath,
		"GITHUB_OUTPUT="+outputs,
		"RUNNER_TEMP="+tmp,
		"RUNNER_OS=Linux", "RUNNER_ARCH=X64",
		"ACTION_REF=main",
		"LAKELINT_GO=/nonexistent/go", // a build that is not expected fails loudly
	)
	if rel != nil {
		cmd.Env = append(cmd.Env, "LAKELINT_RELEASES_URL="+rel.url)
	} else {
		cmd.Env = append(cmd.Env, "LAKELINT_RELEASES_URL=http://127.0.0.1:1") // nothing listens there
	}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.Output()
	r := installRun{stdout: string(out), outputs: map[string]string{}}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		r.status = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(outputs)
	for line := range strings.Lines(string(data)) {
		k, v, _ := strings.Cut(strings.TrimSuffix(line, "\n"), "=")
		r.outputs[k] = v
	}
	return r
}

func runBinary(t *testing.T, path string) string {
	t.Helper()
	out, err := exec.Command(path, "version").CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", path, err, out)
	}
	return strings.TrimSpace(string(out))
}

// The action downloads the release for the runner's OS and architecture,
// by tag, by latest and by its own ref, and checks it against checksums.txt.
func TestActionDownloadsTheRelease(t *testing.T) {
	amd64, arm64 := fakeLakelint(t, "linux amd64 build"), fakeLakelint(t, "linux arm64 build")
	rel := newFakeRelease(t, "v1.2.3", amd64, "linux/amd64", "darwin/arm64", "windows/amd64")
	// the arm64 archive is packed separately, then checksums.txt covers all
	releaseDist(t, "archive", "1.2.3", "linux", "arm64", arm64, rel.dist)
	releaseDist(t, "checksums", rel.dist)
	sums, err := os.ReadFile(filepath.Join(rel.dist, "checksums.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"lakelint_1.2.3_linux_amd64.tar.gz", "lakelint_1.2.3_linux_arm64.tar.gz", "lakelint_1.2.3_darwin_arm64.tar.gz", "lakelint_1.2.3_windows_amd64.zip"} {
		if !strings.Contains(string(sums), "  "+name+"\n") {
			t.Errorf("checksums.txt has no %s:\n%s", name, sums)
		}
	}

	for _, c := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"tag", map[string]string{"INPUT_VERSION": "v1.2.3"}, "linux amd64 build"},
		{"tag without v", map[string]string{"INPUT_VERSION": "1.2.3"}, "linux amd64 build"},
		{"latest", map[string]string{"INPUT_VERSION": "latest"}, "linux amd64 build"},
		{"the action's ref", map[string]string{"ACTION_REF": "v1.2.3"}, "linux amd64 build"},
		{"arm64 runner", map[string]string{"INPUT_VERSION": "v1.2.3", "RUNNER_ARCH": "ARM64"}, "linux arm64 build"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := runInstall(t, "download", rel, c.env)
			if r.status != 0 || r.outputs["build"] != "false" || r.outputs["bin"] == "" {
				t.Fatalf("status %d, outputs %v\n%s", r.status, r.outputs, r.stdout)
			}
			if got := runBinary(t, r.outputs["bin"]); got != c.want {
				t.Errorf("the downloaded binary says %q, want %q", got, c.want)
			}
		})
	}
}

// A release archive that does not match checksums.txt is refused: the step
// fails, with no binary and no build in its place.
func TestActionRefusesAMismatchedChecksum(t *testing.T) {
	rel := newFakeRelease(t, "v1.2.3", fakeLakelint(t, "genuine"), "linux/amd64")
	// swap in another archive after checksums.txt was written
	releaseDist(t, "archive", "1.2.3", "linux", "amd64", fakeLakelint(t, "tampered"), rel.dist)
	r := runInstall(t, "download", rel, map[string]string{"INPUT_VERSION": "v1.2.3"})
	if r.status != exitError || !strings.Contains(r.stdout, "::error title=lakelint action::lakelint_1.2.3_linux_amd64.tar.gz does not match its checksum") {
		t.Errorf("status %d\n%s", r.status, r.stdout)
	}
	if r.outputs["bin"] != "" || r.outputs["build"] != "" {
		t.Errorf("a mismatched release left outputs %v", r.outputs)
	}
	// near miss: the untampered release installs
	rel = newFakeRelease(t, "v1.2.3", fakeLakelint(t, "genuine"), "linux/amd64")
	if r := runInstall(t, "download", rel, map[string]string{"INPUT_VERSION": "v1.2.3"}); r.status != 0 || runBinary(t, r.outputs["bin"]) != "genuine" {
		t.Errorf("status %d, outputs %v\n%s", r.status, r.outputs, r.stdout)
	}
}

// fakeGo writes a go command that logs its arguments and "builds" a
// lakelint that says what it was built from.
func fakeGo(t *testing.T) (path, log string) {
	t.Helper()
	dir := t.TempDir()
	path, log = filepath.Join(dir, "go"), filepath.Join(dir, "calls")
	script := `#!/bin/sh
echo "$* (in $(pwd))" >> '` + log + `'
out=""
if [ "$1" = build ]; then out=$3; else out="$GOBIN/lakelint"; fi
printf '#!/bin/sh\necho built by go %s\n' "$1" > "$out"
chmod +x "$out"
`
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, log
}

// With no release for the version (or none for this runner), or when asked,
// the action builds from source instead, with a notice, keyed for the cache.
func TestActionBuildsWhenNoReleaseMatches(t *testing.T) {
	rel := newFakeRelease(t, "v1.2.3", fakeLakelint(t, "released"), "linux/amd64")
	goMod, _ := os.ReadFile("../../go.mod")
	goSum, _ := os.ReadFile("../../go.sum")
	sum := sha256.Sum256(append(goMod, goSum...))
	wantHash := hex.EncodeToString(sum[:])

	for _, c := range []struct {
		name       string
		env        map[string]string
		source     string
		notice     string
		noRequests bool
	}{
		{"missing version", map[string]string{"INPUT_VERSION": "v9.9.9"}, "v9.9.9", "lakelint v9.9.9 has no release at", false},
		{"no archive for this runner", map[string]string{"INPUT_VERSION": "v1.2.3", "RUNNER_OS": "macOS", "RUNNER_ARCH": "ARM64"}, "v1.2.3", "lakelint v1.2.3 has no lakelint_1.2.3_darwin_arm64.tar.gz", false},
		{"asked to build a version", map[string]string{"INPUT_VERSION": "v1.2.3", "INPUT_BUILD_FROM_SOURCE": "true"}, "v1.2.3", "", true},
		{"asked to build the checkout", map[string]string{"INPUT_BUILD_FROM_SOURCE": "true", "ACTION_REF": "v1.2.3"}, "checkout", "", true},
		{"the action at a commit", map[string]string{"ACTION_REF": "9a27c2f7fa13022f02acf59d199993419f4b97e4"}, "checkout", "is not a release tag", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := rel.requests.Load()
			r := runInstall(t, "download", rel, c.env)
			if r.status != 0 || r.outputs["build"] != "true" || r.outputs["source"] != c.source || r.outputs["bin"] != "" {
				t.Fatalf("status %d, outputs %v\n%s", r.status, r.outputs, r.stdout)
			}
			if c.notice != "" && (!strings.HasPrefix(r.stdout, "::notice title=lakelint action::") || !strings.Contains(r.stdout, c.notice)) {
				t.Errorf("no notice %q:\n%s", c.notice, r.stdout)
			}
			if r.outputs["go-sum-hash"] != wantHash {
				t.Errorf("go-sum-hash %q, want the sha256 of go.mod and go.sum %q", r.outputs["go-sum-hash"], wantHash)
			}
			if c.noRequests && rel.requests.Load() != before {
				t.Errorf("asked the releases %d times", rel.requests.Load()-before)
			}

			goCmd, log := fakeGo(t)
			b := runInstall(t, "build", nil, map[string]string{"BUILD_SOURCE": r.outputs["source"], "LAKELINT_GO": goCmd})
			if b.status != 0 || b.outputs["bin"] == "" {
				t.Fatalf("build: status %d, outputs %v\n%s", b.status, b.outputs, b.stdout)
			}
			calls, _ := os.ReadFile(log)
			want := "install github.com/lakelint/lakelint/cmd/lakelint@" + c.source
			if c.source == "checkout" {
				want = "build -o " + b.outputs["bin"] + " ./cmd/lakelint"
			}
			if !strings.HasPrefix(string(calls), want+" ") {
				t.Errorf("go ran %q, want %q", calls, want)
			}
		})
	}
	// latest, with no release yet: GitHub sends /latest to the releases list
	none := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == "/latest" {
			http.Redirect(w, req, "/", http.StatusFound)
			return
		}
		w.Write([]byte("no releases"))
	}))
	defer none.Close()
	r := runInstall(t, "download", &fakeRelease{url: none.URL}, map[string]string{"INPUT_VERSION": "latest"})
	if r.status != 0 || r.outputs["build"] != "true" || r.outputs["source"] != "latest" ||
		!strings.Contains(r.stdout, "::notice title=lakelint action::no lakelint release found at") {
		t.Errorf("latest without releases: status %d, outputs %v\n%s", r.status, r.outputs, r.stdout)
	}

	// a version that is no release is a clear error, not a build
	if r := runInstall(t, "download", rel, map[string]string{"INPUT_VERSION": "main; rm -rf /"}); r.status != exitError || r.outputs["build"] != "" {
		t.Errorf("bad version: status %d, outputs %v\n%s", r.status, r.outputs, r.stdout)
	}
}

// A downloaded release runs the lint step end to end: the archive holds a
// lakelint (this test binary standing in) that annotates the findings.
func TestActionRunsTheDownloadedRelease(t *testing.T) {
	rel := newFakeRelease(t, "v1.2.3", lakelintWrapper(t), "linux/amd64")
	inst := runInstall(t, "download", rel, map[string]string{"INPUT_VERSION": "v1.2.3"})
	if inst.status != 0 {
		t.Fatalf("status %d\n%s", inst.status, inst.stdout)
	}
	dir := scratchRepo(t)
	r := runAction(t, dir, map[string]string{"GITHUB_EVENT_NAME": "push", "LAKELINT_BIN": inst.outputs["bin"]})
	if r.status != exitFindings || !strings.Contains(r.stdout, " file=jobs/old.py,line=2,") {
		t.Errorf("status %d\n%s", r.status, r.stdout)
	}
	validateSARIF(t, r.sarif)
}

// The release's configuration: every OS × architecture built with cgo, the
// same linker flags as the script CI runs, archives named as the action
// and the editor extension download them, and a sha256 checksums.txt.
func TestReleaseConfig(t *testing.T) {
	data, err := os.ReadFile("../../.goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var gr struct {
		Version int
		Builds  []struct {
			ID, Main string
			Env      []string
			Flags    []string
			Ldflags  []string
			Goos     []string
			Goarch   []string
		}
		Archives []struct {
			NameTemplate    string `yaml:"name_template"`
			Formats         []string
			FormatOverrides []struct {
				Goos    string
				Formats []string
			} `yaml:"format_overrides"`
		}
		Checksum struct {
			NameTemplate string `yaml:"name_template"`
			Algorithm    string
		}
	}
	if err := yaml.Unmarshal(data, &gr); err != nil {
		t.Fatal(err)
	}
	if gr.Version != 2 || len(gr.Builds) != 1 || len(gr.Archives) != 1 {
		t.Fatalf("%+v", gr)
	}
	b := gr.Builds[0]
	if b.Main != "./cmd/lakelint" || !slices.Contains(b.Env, "CGO_ENABLED=1") || !slices.Contains(b.Flags, "-trimpath") {
		t.Errorf("build %+v", b)
	}
	for _, os := range []string{"linux", "darwin", "windows"} {
		if !slices.Contains(b.Goos, os) {
			t.Errorf("no %s build", os)
		}
	}
	if !slices.Contains(b.Goarch, "amd64") || !slices.Contains(b.Goarch, "arm64") {
		t.Errorf("goarch %v", b.Goarch)
	}
	script, err := os.ReadFile("../../scripts/release-dist.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`ldflags\(\) \{ printf '%s' "([^"]*)"; \}`).FindSubmatch(script)
	if m == nil {
		t.Fatal("no ldflags in release-dist.sh")
	}
	if want := strings.ReplaceAll(string(m[1]), "$1", "{{ .Version }}"); len(b.Ldflags) != 1 || b.Ldflags[0] != want {
		t.Errorf("GoReleaser's ldflags %q, the script's %q", b.Ldflags, want)
	}
	a := gr.Archives[0]
	if a.NameTemplate != "lakelint_{{ .Version }}_{{ .Os }}_{{ .Arch }}" || !slices.Equal(a.Formats, []string{"tar.gz"}) ||
		len(a.FormatOverrides) != 1 || a.FormatOverrides[0].Goos != "windows" || !slices.Equal(a.FormatOverrides[0].Formats, []string{"zip"}) {
		t.Errorf("archives %+v", a)
	}
	if gr.Checksum.NameTemplate != "checksums.txt" || gr.Checksum.Algorithm != "sha256" {
		t.Errorf("checksum %+v", gr.Checksum)
	}

	data, err = os.ReadFile("../../.github/workflows/release.yml")
	if err != nil {
		t.Fatal(err)
	}
	type step struct {
		Uses, Run string
		If        string
	}
	var wf struct {
		On struct {
			Push struct{ Tags []string }
		}
		Jobs map[string]struct {
			Needs    any
			RunsOn   string `yaml:"runs-on"`
			Strategy struct {
				Matrix struct {
					Include []struct{ Goos, Goarch, Runner string }
				}
			}
			Permissions map[string]string
			Steps       []step
		}
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(wf.On.Push.Tags, []string{"v*.*.*"}) {
		t.Errorf("runs on tags %v", wf.On.Push.Tags)
	}
	build, release := wf.Jobs["build"], wf.Jobs["release"]
	var targets []string
	runners := map[string]bool{}
	for _, in := range build.Strategy.Matrix.Include {
		targets = append(targets, in.Goos+"/"+in.Goarch)
		runners[in.Runner] = true
	}
	slices.Sort(targets)
	want := []string{"darwin/amd64", "darwin/arm64", "linux/amd64", "linux/arm64", "windows/amd64", "windows/arm64"}
	if !slices.Equal(targets, want) || len(runners) != len(want) {
		t.Errorf("targets %v on %d runners, want %v each on its own runner", targets, len(runners), want)
	}
	runs := func(steps []step, what string) bool {
		return slices.ContainsFunc(steps, func(s step) bool { return strings.Contains(s.Run, what) })
	}
	if !runs(build.Steps, "goreleaser build --clean --single-target") || !runs(build.Steps, "scripts/release-dist.sh archive") {
		t.Errorf("the build job does not build with GoReleaser and pack with release-dist.sh: %+v", build.Steps)
	}
	if release.Needs != "build" || release.Permissions["contents"] != "write" ||
		!runs(release.Steps, "scripts/release-dist.sh checksums dist") || !runs(release.Steps, "gh release create") ||
		!runs(release.Steps, `npm version --no-git-tag-version --allow-same-version "${GITHUB_REF_NAME#v}"`) {
		t.Errorf("release job %+v", release)
	}
}

// The README's install section shows the release download with its
// checksum check, and go install.
func TestREADMEInstall(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(data), "## Install\n")
	section, _, _ := strings.Cut(rest, "\n## ")
	for _, want := range []string{
		"releases/download/v$version",
		`lakelint_${version}_${os}_${arch}.tar.gz`,
		"checksums.txt",
		"sha256sum --check --ignore-missing checksums.txt",
		"go install github.com/lakelint/lakelint/cmd/lakelint@latest",
	} {
		if !strings.Contains(section, want) {
			t.Errorf("the install section does not show %q", want)
		}
	}
}
