package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// --platform stands in for the config's platform, in check and in the
// language server (which editors set from their settings).
func TestPlatformFlag(t *testing.T) {
	dir := t.TempDir()
	job := filepath.Join(dir, "job.py")
	write(t, job, "# Databricks notebook source\nx = 1\n")
	out, errOut, code := runCLI(t, "", "check", "--platform", "OSS", "--show-settings", job)
	if code != exitClean || !strings.Contains(out, "platform: oss (set by --platform)\n") {
		t.Errorf("exit %d: %s\n%s", code, errOut, out)
	}
	// near miss: without the flag the notebook header decides
	out, _, _ = runCLI(t, "", "check", "--show-settings", job)
	if !strings.Contains(out, "platform: databricks (a Databricks notebook header") {
		t.Errorf("without --platform:\n%s", out)
	}
	for _, args := range [][]string{{"check", "--platform", "emr", job}, {"server", "--platform", "emr"}} {
		_, errOut, code = runCLI(t, "", args...)
		if code != exitError || !strings.Contains(errOut, `--platform: want auto, databricks or oss, got "emr"`) {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
}
