package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A rule code or prefix that names no rule, on the command line or in a
// config file, stops the run with a hint instead of linting nothing; a
// noqa comment naming one is left to LL001.
func TestUnknownRuleCodesAreConfigErrors(t *testing.T) {
	dir := t.TempDir()
	job := filepath.Join(dir, "job.py")
	write(t, job, "DeltaTable.forName(spark, 'main.s.t').vacuum(1)\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--select", "LL999"}, `--select: unknown rule code "LL999" (did you mean LL905?)`},
		{[]string{"--extend-select", "LL6"}, `--extend-select: unknown rule prefix "LL6" (did you mean LL5?)`},
		{[]string{"--ignore", "ll401"}, `--ignore: invalid rule code "ll401" (did you mean LL401?)`},
		{[]string{"--select", "LL4,LL1O1"}, `--select: invalid rule code "LL1O1" (did you mean LL101?)`},
	} {
		out, errOut, code := runCLI(t, "", append(append([]string{"check", "--no-cache"}, tc.args...), job)...)
		if code != exitError || !strings.Contains(errOut, tc.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 saying %s", tc.args, code, out, errOut, tc.want)
		}
	}
	for _, cfg := range []struct{ text, want string }{
		{"select: [LL999]\n", `select: unknown rule code "LL999" (did you mean LL905?)`},
		{"ignore: [LL30, LL7]\n", `ignore: unknown rule prefix "LL7" (did you mean LL5?)`},
		{"per-file-ignores:\n  '*.py': [LL409]\n", `unknown rule code "LL409" (did you mean LL406?)`},
	} {
		proj := t.TempDir()
		write(t, filepath.Join(proj, ".lakelint.yaml"), cfg.text)
		write(t, filepath.Join(proj, "job.py"), "DeltaTable.forName(spark, 'main.s.t').vacuum(1)\n")
		_, errOut, code := runCLI(t, "", "check", "--no-cache", proj)
		if code != exitError || !strings.Contains(errOut, cfg.want) {
			t.Errorf("config %q: exit %d, stderr %q; want exit 2 saying %s", cfg.text, code, errOut, cfg.want)
		}
	}
	// known codes and prefixes run; an unknown code in a noqa comment is LL001's
	write(t, job, "DeltaTable.forName(spark, 'main.s.t').vacuum(1)  # noqa: LL999\n")
	out, errOut, code := runCLI(t, "", "check", "--no-cache", "--select", "LL4,LL001", "--output-format", "concise", job)
	if code != exitFindings || !strings.Contains(out, "LL401") || !strings.Contains(out, "LL001") {
		t.Errorf("known codes: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
