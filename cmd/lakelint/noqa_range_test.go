package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func vacuum(table string) string { return "VACUUM main.a." + table + " RETAIN 24 HOURS;\n" }

// "-- noqa: disable=" ... "enable=" silences the findings between, in SQL
// files and in SQL notebook cells (a range ends with its cell).
func TestNoqaRangesInSQL(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "m.sql"), vacuum("t")+
		"-- noqa: disable=LL401\n"+vacuum("u")+vacuum("v")+
		"-- noqa: enable=LL401\n"+vacuum("w")+
		"-- noqa: disable=LL102\n"+vacuum("x")+ // another code: LL401 is still reported
		"-- noqa: disable=all\n"+vacuum("y"))
	write(t, filepath.Join(dir, "nb.py"), "# Databricks notebook source\n# MAGIC %sql\n# MAGIC -- noqa: disable=LL401\n# MAGIC "+vacuum("u")+
		"\n# COMMAND ----------\n\n# MAGIC %sql\n# MAGIC "+vacuum("v"))
	write(t, filepath.Join(dir, "nb.ipynb"), `{"cells": [
  {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null,
   "source": ["%sql\n", "-- noqa: disable=all\n", "VACUUM main.a.u RETAIN 24 HOURS;\n", "-- noqa: enable=all\n", "VACUUM main.a.v RETAIN 24 HOURS;\n"]}],
 "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
 "nbformat": 4, "nbformat_minor": 5}`)
	t.Chdir(dir)
	out, errOut, code := runCLI(t, "", "check", "--output-format", "concise", "--extend-select", "LL001")
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		loc, _, _ := strings.Cut(line, ": ")
		f, _, _ := strings.Cut(strings.TrimPrefix(line, loc+": "), " ")
		got = append(got, loc+" "+f)
	}
	want := []string{
		"m.sql:1:24 LL401", "m.sql:6:24 LL401",
		"m.sql:7:1 LL001", // disable=LL102 silenced nothing
		"m.sql:8:24 LL401",
		"nb.ipynb:", // the cell's second VACUUM, placed in the JSON
		"nb.py:9:32 LL401",
	}
	if len(got) != len(want) {
		t.Fatalf("got\n%s\nwant %d findings like %v", out, len(want), want)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("finding %d: %q, want %q\n%s", i, got[i], want[i], out)
		}
	}
	if !strings.Contains(out, "main.a.v") || strings.Contains(out, "main.a.u") || strings.Contains(out, "main.a.y") {
		t.Errorf("wrong tables reported:\n%s", out)
	}
}

// A range comment at the end of a line covers that line; --add-noqa adds
// a line comment after it for another code, which is then read.
func TestNoqaRangeOnAFindingsLine(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.sql")
	write(t, path, "VACUUM main.a.t RETAIN 24 HOURS;  -- noqa: disable=LL401\n"+vacuum("u")+"VACUUM main.a.v RETAIN 24 HOURS; -- noqa: enable=LL401\n")
	if out, errOut, code := runCLI(t, "", "check", "--output-format", "concise", path); code != exitFindings ||
		strings.Contains(out, "main.a.t") || strings.Contains(out, "main.a.u") || !strings.Contains(out, "main.a.v") {
		t.Errorf("exit %d, want only main.a.v (the enable line is not covered):\n%s%s", code, out, errOut)
	}
	write(t, path, vacuum("t")+"VACUUM main.a.u RETAIN 24 HOURS;  -- noqa: disable=LL102\n")
	if _, errOut, code := runCLI(t, "", "check", "--add-noqa", path); code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(path)
	if want := "VACUUM main.a.t RETAIN 24 HOURS;  -- noqa: LL401\nVACUUM main.a.u RETAIN 24 HOURS;  -- noqa: disable=LL102  -- noqa: LL401\n"; string(data) != want {
		t.Errorf("got:\n%s\nwant:\n%s", data, want)
	}
	if out, errOut, code := runCLI(t, "", "check", "--output-format", "concise", path); code != exitClean {
		t.Errorf("after --add-noqa: exit %d\n%s%s", code, out, errOut)
	}
}
