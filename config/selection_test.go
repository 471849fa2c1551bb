package config

import (
	"fmt"
	"strings"
	"testing"
)

// parseLines builds a config from "key: value" lines joined by ";".
func mustParse(t *testing.T, src string) *Config {
	t.Helper()
	c, err := Parse("/repo/.lakelint.yaml", []byte(strings.ReplaceAll(src, ";", "\n")))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSelectionPrecedence(t *testing.T) {
	for _, tc := range []struct {
		config string
		cli    *Selection
		code   string
		def    bool
		want   bool
	}{
		// Nothing said: the rule's default.
		{"", nil, "LL101", true, true},
		{"", nil, "LL101", false, false},
		// select replaces the defaults.
		{"select: [LL2]", nil, "LL101", true, false},
		{"select: [LL1]", nil, "LL105", false, true},
		{"select: [ALL]", nil, "LL999", false, true},
		{"select: [LL]", nil, "LL999", false, true},
		// extend-select adds to the defaults.
		{"extend-select: [LL9]", nil, "LL901", false, true},
		{"extend-select: [LL9]", nil, "LL101", true, true},
		// ignore removes.
		{"ignore: [LL1]", nil, "LL101", true, false},
		{"ignore: [LL1]", nil, "LL201", true, true},
		// The more specific code wins, whichever list it is in.
		{"ignore: [LL1];extend-select: [LL101]", nil, "LL101", true, true},
		{"ignore: [LL1];extend-select: [LL101]", nil, "LL102", true, false},
		{"select: [LL101];ignore: [LL1]", nil, "LL101", true, true},
		{"select: [LL1];ignore: [LL10]", nil, "LL101", true, false},
		{"select: [LL1];ignore: [LL10]", nil, "LL111", true, true},
		{"ignore: [ALL];extend-select: [LL2]", nil, "LL201", true, true},
		// Ties: ignore wins.
		{"select: [LL1];ignore: [LL1]", nil, "LL101", true, false},
		{"select: [LL101];ignore: [LL101]", nil, "LL101", true, false},
		{"extend-select: [ALL];ignore: [LL]", nil, "LL101", true, false},
		// The command line wins over the file.
		{"ignore: [LL1]", &Selection{ExtendSelect: []string{"LL101"}}, "LL101", true, true},
		{"extend-select: [LL101]", &Selection{Ignore: []string{"LL"}}, "LL101", true, false},
		{"select: [LL2]", &Selection{Select: []string{"LL1"}}, "LL201", true, false},
		{"select: [LL2]", &Selection{Select: []string{"LL1"}}, "LL101", true, true},
		{"ignore: [LL101]", &Selection{Select: []string{"LL1"}}, "LL101", true, true},
		// A command line that says nothing about a rule leaves the file's answer.
		{"ignore: [LL101]", &Selection{Ignore: []string{"LL2"}}, "LL101", true, false},
		{"ignore: [LL101]", &Selection{ExtendSelect: []string{"LL2"}}, "LL102", true, true},
		{"", &Selection{Select: []string{}}, "LL101", true, false},
	} {
		name := fmt.Sprintf("%s|%+v|%s/%v", tc.config, tc.cli, tc.code, tc.def)
		c := mustParse(t, tc.config)
		if tc.cli != nil {
			var err error
			if c, err = c.WithCommandLine(*tc.cli); err != nil {
				t.Fatal(err)
			}
		}
		if got := c.Enabled(tc.code, tc.def, "/repo/a.py"); got != tc.want {
			t.Errorf("%s: Enabled = %v, want %v", name, got, tc.want)
		}
	}
}

func TestWithCommandLineCopies(t *testing.T) {
	c := mustParse(t, "ignore: [LL1]")
	d, err := c.WithCommandLine(Selection{Select: []string{"LL1"}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Enabled("LL101", true, "a.py") || !d.Enabled("LL101", true, "a.py") {
		t.Error("WithCommandLine changed the original or did not apply")
	}
	if _, err := c.WithCommandLine(Selection{Ignore: []string{"E501"}}); err == nil ||
		!strings.HasPrefix(err.Error(), `--ignore: invalid rule code "E501"`) {
		t.Errorf("err = %v", err)
	}
}

func TestPerFileIgnores(t *testing.T) {
	c := mustParse(t, `per-file-ignores:
  "tests/**": [LL1]
  "**/scratch/*.py": [LL2]
  "__init__.py": [LL3]
  "notebooks/*.ipynb": [ALL]
  "/jobs/legacy": [LL4]
  "./docs/**/*.sql": [LL5]
`)
	for _, tc := range []struct {
		code, path string
		want       bool
	}{
		{"LL101", "/repo/tests/a.py", false},
		{"LL101", "/repo/tests/deep/er/a.py", false},
		{"LL201", "/repo/tests/a.py", true},
		{"LL101", "/repo/src/tests/a.py", true}, // anchored at the config's directory
		{"LL201", "/repo/scratch/x.py", false},  // ** matches zero segments
		{"LL201", "/repo/a/b/scratch/x.py", false},
		{"LL201", "/repo/a/b/scratch/x.sql", true},
		{"LL201", "/repo/a/b/scratch/sub/x.py", true}, // * stays in one segment
		{"LL301", "/repo/pkg/__init__.py", false},     // a name matches at any depth
		{"LL301", "/repo/pkg/init.py", true},
		{"LL999", "/repo/notebooks/n.ipynb", false},
		{"LL999", "/repo/notebooks/sub/n.ipynb", true},
		{"LL401", "/repo/jobs/legacy/old.py", false}, // a directory covers what is below it
		{"LL401", "/repo/jobs/legacy_v2.py", true},
		{"LL501", "/repo/docs/x.sql", false},
		{"LL501", "/repo/docs/a/b/x.sql", false},
		{"LL101", "/other/tests/a.py", true}, // outside the config's directory
		{"LL301", "/other/__init__.py", false},
	} {
		if got := c.Enabled(tc.code, true, tc.path); got != tc.want {
			t.Errorf("Enabled(%s, %s) = %v, want %v", tc.code, tc.path, got, tc.want)
		}
	}
}

func TestRelativePaths(t *testing.T) {
	// Paths as given on the command line are made absolute against the
	// working directory before comparing with the config's directory.
	c, err := Parse("testdata/.lakelint.yaml", []byte("per-file-ignores:\n  \"sub/*.py\": [LL1]\n"))
	if err != nil {
		t.Fatal(err)
	}
	c.Dir = mustAbs(t, "testdata")
	if c.Enabled("LL101", true, "testdata/sub/a.py") {
		t.Error("relative path not matched")
	}
	if !c.Enabled("LL101", true, "sub/a.py") {
		t.Error("path relative to the wrong directory matched")
	}
}

// withRuleCodes makes the package know these rules for one test, as the
// rules registry makes it know the real ones.
func withRuleCodes(t *testing.T, codes ...string) {
	t.Helper()
	old := ruleCodes
	SetRuleCodes(codes)
	t.Cleanup(func() { ruleCodes = old })
}

// A selection naming no rule is an error with a hint, wherever it is
// given, rather than a selection of nothing.
func TestUnknownCodesAreErrors(t *testing.T) {
	withRuleCodes(t, "LL001", "LL101", "LL102", "LL201", "LL401", "LL901", "LL903")
	for _, tc := range []struct{ config, want string }{
		{"select: [LL999]", `select: unknown rule code "LL999" (did you mean LL903?)`},
		{"ignore: [LL1O1]", `ignore: invalid rule code "LL1O1" (did you mean LL101?)`},
		{"extend-select: [LL6]", `extend-select: unknown rule prefix "LL6" (did you mean LL4?)`},
		{"extend-select: [ll101]", `extend-select: invalid rule code "ll101" (did you mean LL101?)`},
		{"per-file-ignores: {'*.py': [LL103]}", `per-file-ignores.*.py: unknown rule code "LL103" (did you mean LL102?)`},
		{"severity: {LL105: error}", `severity: unknown rule code "LL105" (did you mean LL102?)`},
		{"unfixable: [LL30]", `unfixable: unknown rule prefix "LL30" (did you mean LL20?)`},
	} {
		_, err := Parse("/repo/.lakelint.yaml", []byte(tc.config))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %s", tc.config, err, tc.want)
		}
	}
	for _, ok := range []string{"select: [LL9, LL90, LL901, LL, ALL]", "ignore: [LL0]", "per-file-ignores: {'*.py': [LL1]}"} {
		if _, err := Parse("/repo/.lakelint.yaml", []byte(ok)); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, tc := range []struct {
		sel  Selection
		want string
	}{
		{Selection{Select: []string{"LL101", "LL999"}}, `--select: unknown rule code "LL999" (did you mean LL903?)`},
		{Selection{ExtendSelect: []string{"LL7"}}, `--extend-select: unknown rule prefix "LL7" (did you mean LL9?)`},
		{Selection{Ignore: []string{"LL2O1"}}, `--ignore: invalid rule code "LL2O1" (did you mean LL201?)`},
	} {
		_, err := NewResolver(ResolverOptions{CommandLine: tc.sel})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%v: error %v, want %s", tc.sel, err, tc.want)
		}
	}
}
