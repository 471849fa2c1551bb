package notebook

import (
	"reflect"
	"testing"
)

func TestRuns(t *testing.T) {
	text := "# Databricks notebook source\n# MAGIC %run ./Includes/setup\n\n# COMMAND ----------\n-- MAGIC %run \"../common\" $env=dev $mode=\"reset\" $x=\"a b\"\n%run\n# MAGIC %run \nx = '%run ./not_a_line'\n"
	var got []string
	for _, r := range Runs([]byte(text)) {
		got = append(got, r.Path, text[r.Start:r.End])
		for _, a := range r.Args {
			got = append(got, a.Name+"="+a.Value)
		}
	}
	want := []string{"./Includes/setup", "# MAGIC %run ./Includes/setup", "../common", "-- MAGIC %run \"../common\" $env=dev $mode=\"reset\" $x=\"a b\"", "env=dev", "mode=reset"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Runs = %q, want %q", got, want)
	}
}
