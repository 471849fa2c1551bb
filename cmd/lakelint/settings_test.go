package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// --show-settings prints every setting under the name a config file gives
// it, with the platform and why.
func TestShowSettingsPrintsEverySetting(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "pyproject.toml"), "[project]\nname = \"jobs\"\n\n[tool.lakelint]\nmin-trigger-interval = \"2 minutes\"\n"+
		"suggested-trigger = \"10 minutes\"\nextend-exclude = [\"legacy/**\"]\nper-file-ignores = { \"tests/**\" = [\"LL1\", \"LL201\"] }\n[tool.lakelint.stats]\nmin-files = 7\n")
	job := filepath.Join(dir, "job.py")
	write(t, job, "# Databricks notebook source\nx = 1\n")
	out, errOut, code := runCLI(t, "", "check", "--show-settings", job)
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"config file: " + filepath.Join(dir, "pyproject.toml") + " [tool.lakelint]\n",
		"platform: databricks (a Databricks notebook header in " + job + "; project root: " + dir + "), chosen by auto\n",
		"min-trigger-interval: 2 minutes\n",
		"suggested-trigger: 10 minutes\n",
		"exclude: [.git, ",
		"extend-exclude: [legacy/**]\n",
		"per-file-ignores: [tests/**: [LL1, LL201]]\n",
		"stats:\n  small-file-threshold: 33554432\n  min-files: 7\n",
		"  timeout: 10 seconds\n",
		"unity-catalog-auto-tuning: true\n",
		"max-file-size: 10485760\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "min-streaming-trigger") {
		t.Error("the old key name is printed")
	}
	// a platform the config sets says so
	write(t, filepath.Join(dir, ".lakelint.yaml"), "platform: oss\nmin-streaming-trigger: 1 minute\n")
	out, errOut, _ = runCLI(t, "", "check", "--show-settings", job)
	if !strings.Contains(out, "platform: oss (set in the config)\n") || !strings.Contains(out, "config file: "+filepath.Join(dir, ".lakelint.yaml")+"\n") {
		t.Errorf(".lakelint.yaml beside pyproject.toml wins:\n%s", out)
	}
	if !strings.Contains(errOut, "warning: "+filepath.Join(dir, ".lakelint.yaml")+":2: min-streaming-trigger is deprecated: name it min-trigger-interval") {
		t.Errorf("no deprecation warning:\n%s", errOut)
	}
}

// A pyproject.toml [tool.lakelint] applies to the files below it.
func TestPyprojectConfigApplies(t *testing.T) {
	dir := t.TempDir()
	job := filepath.Join(dir, "jobs", "a.py")
	write(t, job, strings.ReplaceAll(singleFileWrite, "%s", "a"))
	t.Chdir(dir)
	if _, _, code := runCLI(t, "", "check"); code != exitFindings {
		t.Fatalf("baseline: exit %d", code)
	}
	write(t, filepath.Join(dir, "pyproject.toml"), "[tool.lakelint]\nignore = [\"LL102\"]\n")
	if out, errOut, code := runCLI(t, "", "check"); code != exitClean {
		t.Errorf("[tool.lakelint] ignored: exit %d\n%s%s", code, out, errOut)
	}
	write(t, filepath.Join(dir, "pyproject.toml"), "[tool.lakelint]\nignore = \"LL102\"\n")
	if _, errOut, code := runCLI(t, "", "check"); code != exitError || !strings.Contains(errOut, "pyproject.toml:2: ignore: want a list") {
		t.Errorf("a bad value: exit %d\n%s", code, errOut)
	}
}

// --exclude stands in for the configs' exclude lists; --extend-exclude
// adds to them.
func TestExcludeAndExtendExclude(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".lakelint.yaml"), "exclude: [generated]\n")
	for _, sub := range []string{"generated", "vendor", "jobs"} {
		write(t, filepath.Join(dir, sub, "a.py"), strings.ReplaceAll(singleFileWrite, "%s", sub))
	}
	t.Chdir(dir)
	files := func(args ...string) string {
		t.Helper()
		out, errOut, _ := runCLI(t, "", append([]string{"check", "--output-format", "concise"}, args...)...)
		var got []string
		for _, sub := range []string{"generated", "vendor", "jobs"} {
			if strings.Contains(out, sub+"/a.py") {
				got = append(got, sub)
			}
		}
		if errOut != "" {
			t.Errorf("stderr: %s", errOut)
		}
		return strings.Join(got, " ")
	}
	if got := files(); got != "vendor jobs" {
		t.Errorf("config exclude: %s", got)
	}
	if got := files("--extend-exclude", "vendor"); got != "jobs" {
		t.Errorf("--extend-exclude vendor: %s, want the config's exclude kept", got)
	}
	if got := files("--exclude", "vendor"); got != "generated jobs" {
		t.Errorf("--exclude vendor: %s, want the config's exclude replaced", got)
	}
}
