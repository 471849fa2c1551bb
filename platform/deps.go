package platform

import (
	"bufio"
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/lakelint/lakelint/internal/projectfile"
)

// dependency is one package a project file names.
type dependency struct {
	name string // normalised: lower case, _ and . as -
	dev  bool   // in a development or test group, not needed at run time
	file string
}

// devGroup reports whether an extra or group name is for development or
// tests rather than for running: test, tests, testing, dev, develop, lint, docs, ci.
func devGroup(name string) bool {
	words := strings.FieldsFunc(lower(name), func(r rune) bool { return r < 'a' || r > 'z' })
	for _, w := range words {
		switch w {
		case "test", "tests", "testing", "dev", "devel", "develop", "development", "lint", "linting",
			"doc", "docs", "ci", "typing", "types", "local", "qa", "style":
			return true
		}
	}
	return false
}

// requirementName is the package a requirement line names.
var requirementName = regexp.MustCompile(`^\s*([A-Za-z0-9][A-Za-z0-9._-]*)`)

func normal(name string) string {
	return strings.NewReplacer("_", "-", ".", "-").Replace(lower(strings.TrimSpace(name)))
}

func nameOf(req string) string {
	if m := requirementName.FindStringSubmatch(req); m != nil {
		return normal(m[1])
	}
	return ""
}

// dependencies reads the requirements*.txt, pyproject.toml and setup.cfg of dir.
func dependencies(dir string) []dependency {
	var out []dependency
	reqs, _ := filepath.Glob(filepath.Join(dir, "requirements*.txt"))
	for _, p := range reqs {
		base := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "requirements"), ".txt")
		dev := devGroup(base)
		for _, line := range lines(p) {
			if n := nameOf(line); n != "" {
				out = append(out, dependency{name: n, dev: dev, file: p})
			}
		}
	}
	if p := filepath.Join(dir, "pyproject.toml"); exists(p) {
		out = append(out, pyprojectDeps(p)...)
	}
	if p := filepath.Join(dir, "setup.cfg"); exists(p) {
		out = append(out, setupCfgDeps(p)...)
	}
	return out
}

func exists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}

// lines are a file's lines without comments and blanks.
func lines(p string) []string {
	data, err := projectfile.Read(p)
	if err != nil {
		return nil
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 0; sc.Scan() && n < 5000; n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "-") {
			out = append(out, line)
		}
	}
	return out
}

// pyprojectDeps reads [project] dependencies and optional dependencies,
// [dependency-groups] (always development: PEP 735 groups are not
// installed with the package) and Poetry's dependencies and groups.
func pyprojectDeps(p string) []dependency {
	var doc struct {
		Project struct {
			Dependencies []string            `toml:"dependencies"`
			Optional     map[string][]string `toml:"optional-dependencies"`
		} `toml:"project"`
		Groups map[string][]any `toml:"dependency-groups"`
		Tool   struct {
			Poetry struct {
				Dependencies    map[string]any `toml:"dependencies"`
				DevDependencies map[string]any `toml:"dev-dependencies"`
				Group           map[string]struct {
					Dependencies map[string]any `toml:"dependencies"`
				} `toml:"group"`
			} `toml:"poetry"`
		} `toml:"tool"`
	}
	data, err := projectfile.Read(p)
	if err != nil {
		return nil
	}
	if err := toml.Unmarshal(data, &doc); err != nil {
		return nil
	}
	var out []dependency
	add := func(name string, dev bool) {
		if name != "" {
			out = append(out, dependency{name: name, dev: dev, file: p})
		}
	}
	for _, r := range doc.Project.Dependencies {
		add(nameOf(r), false)
	}
	// maps in key order: the evidence's order decides ties and is in the
	// run record's key
	for _, group := range slices.Sorted(maps.Keys(doc.Project.Optional)) {
		for _, r := range doc.Project.Optional[group] {
			add(nameOf(r), devGroup(group))
		}
	}
	for _, group := range slices.Sorted(maps.Keys(doc.Groups)) {
		for _, r := range doc.Groups[group] {
			if s, ok := r.(string); ok {
				add(nameOf(s), true)
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(doc.Tool.Poetry.Dependencies)) {
		add(normal(name), false)
	}
	for _, name := range slices.Sorted(maps.Keys(doc.Tool.Poetry.DevDependencies)) {
		add(normal(name), true)
	}
	for _, group := range slices.Sorted(maps.Keys(doc.Tool.Poetry.Group)) {
		for _, name := range slices.Sorted(maps.Keys(doc.Tool.Poetry.Group[group].Dependencies)) {
			add(normal(name), group != "main")
		}
	}
	return out
}

// setupCfgDeps reads install_requires and extras_require of setup.cfg.
func setupCfgDeps(p string) []dependency {
	var out []dependency
	section, key := "", ""
	for _, raw := range rawLines(p) {
		trimmed := strings.TrimSpace(raw)
		if strings.HasPrefix(trimmed, "[") {
			section, key = lower(strings.Trim(trimmed, "[]")), ""
			continue
		}
		value := trimmed
		if raw == trimmed { // a key line
			k, v, ok := strings.Cut(trimmed, "=")
			if !ok {
				continue
			}
			key, value = strings.TrimSpace(k), strings.TrimSpace(v)
		}
		switch {
		case section == "options" && key == "install_requires":
			if n := nameOf(value); n != "" {
				out = append(out, dependency{name: n, file: p})
			}
		case section == "options.extras_require":
			if n := nameOf(value); n != "" {
				out = append(out, dependency{name: n, dev: devGroup(key), file: p})
			}
		}
	}
	return out
}

func rawLines(p string) []string {
	data, err := projectfile.Read(p)
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimRight(l, "\r")
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, ";") {
			out = append(out, l)
		}
	}
	return out
}
