package dbt

import (
	"reflect"
	"testing"
)

func TestReadModelConfig(t *testing.T) {
	src := []byte(`{{-
  config(
    materialized = 'incremental',
    partition_by=["event_date", 'hour'],
    tblproperties={'delta.autoOptimize.optimizeWrite': 'true', "Delta.AutoOptimize.AutoCompact": True},
    unique_key=var('key'),
    buckets=8,
    on_schema_change='append_new_columns' ~ suffix,
    persist_docs={"relation": true},
  )
-}}
select * from {{ ref('stg_events') }} join {{ source('raw', 'users') }} using (id)
{% if is_incremental() %} where ts > (select max(ts) from {{ this }}) {% endif %}
`)
	m := ReadModel(src)
	if got := m.Config["materialized"]; got.Kind != String || got.Str != "incremental" {
		t.Errorf("materialized = %+v", got)
	}
	if cols, ok := m.Config["partition_by"].Strings(); !ok || !reflect.DeepEqual(cols, []string{"event_date", "hour"}) {
		t.Errorf("partition_by = %v %v", cols, ok)
	}
	props := m.Config["tblproperties"]
	if props.Kind != Dict || props.Dict["delta.autooptimize.optimizewrite"].Str != "true" {
		t.Errorf("tblproperties = %+v", props)
	}
	if on, ok := props.Dict["delta.autooptimize.autocompact"].Truth(); !ok || !on {
		t.Errorf("autoCompact = %+v", props.Dict["delta.autooptimize.autocompact"])
	}
	for _, k := range []string{"unique_key", "on_schema_change"} {
		if v, ok := m.Config[k]; !ok || v.Kind != Unknown {
			t.Errorf("%s = %+v, want present and unknown", k, v)
		}
	}
	if m.Config["buckets"].Kind != Number {
		t.Errorf("buckets = %+v", m.Config["buckets"])
	}
	if got := string(src[m.Config["materialized"].Start:m.Config["materialized"].End]); got != "'incremental'" {
		t.Errorf("materialized spans %q", got)
	}
	if got := string(src[m.ConfigCall.Start:m.ConfigCall.End]); got[:7] != "config(" || got[len(got)-1] != ')' {
		t.Errorf("config call spans %q", got)
	}
	if !reflect.DeepEqual(m.Refs, []string{"stg_events", "raw.users"}) {
		t.Errorf("refs = %v", m.Refs)
	}
	if !m.Incremental {
		t.Error("is_incremental() not seen")
	}
}

// Broken or hostile Jinja ends the read without a panic or a hang.
func TestReadModelBroken(t *testing.T) {
	for _, src := range []string{
		"{{ config(", "{{ config(materialized='table'", "{{ config(a=[1, 2", "{{ config(a={'k': ",
		"{{ config(a=)) }}", "{{ config(**kwargs) }}", "{{ config('positional') }}", "{% if", "{{",
		"{{ config(a=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ }}", "{{ config(a='\\", "{{ ref( }}",
	} {
		m := ReadModel([]byte(src))
		_ = m
	}
	if m := ReadModel([]byte("{{ config() }}")); !m.ConfigEmpty || len(m.Config) != 0 {
		t.Errorf("an empty config: %+v", m)
	}
}

// config() inside {% if %} branches: a value every branch gives the same
// is known, one they give differently (or only some give) is not; branches
// on the adapter take the project adapter's, when it is known.
func TestReadModelBranches(t *testing.T) {
	src := []byte(`{{ config(materialized='incremental') }}
{% if target.type == 'databricks' %}
  {{ config(file_format='delta', liquid_clustered_by=['id'], unique_key='id') }}
{%- elif target.type == 'spark' -%}
  {{ config(file_format='parquet', partition_by=['dt'], unique_key='id') }}
{% else %}
  {{ config(unique_key='id') }}
{% endif %}
{% if var('full', false) %}
  {{ config(incremental_strategy='merge', on_schema_change='fail') }}
{% else %}
  {{ config(incremental_strategy='append', on_schema_change='fail') }}
{% endif %}
select 1`)
	str := func(m Model, k string) string {
		v, ok := m.Config[k]
		switch {
		case !ok:
			return "absent"
		case v.Kind == Unknown:
			return "unknown"
		case v.Kind == List:
			s, _ := v.Strings()
			return "list " + s[0]
		}
		return v.Str
	}
	for _, c := range []struct {
		adapter, key, want string
	}{
		{"databricks", "file_format", "delta"},
		{"databricks", "liquid_clustered_by", "list id"},
		{"databricks", "partition_by", "absent"},
		{"spark", "file_format", "parquet"},
		{"spark", "partition_by", "list dt"},
		{"postgres", "file_format", "absent"},
		{"", "file_format", "unknown"},
		{"", "unique_key", "id"},
		{"databricks", "incremental_strategy", "unknown"},
		{"databricks", "on_schema_change", "fail"},
		{"databricks", "materialized", "incremental"},
	} {
		if got := str(ReadModelFor(src, c.adapter), c.key); got != c.want {
			t.Errorf("adapter %q: %s = %s, want %s", c.adapter, c.key, got, c.want)
		}
	}
	m := ReadModelFor(src, "databricks")
	if got := string(src[m.ConfigCall.Start:m.ConfigCall.End]); got != "config(file_format='delta', liquid_clustered_by=['id'], unique_key='id')" {
		t.Errorf("the call a fix edits is %q, want the Databricks branch's", got)
	}
	if m := ReadModelFor(src, ""); string(src[m.ConfigCall.Start:m.ConfigCall.End]) != "config(materialized='incremental')" {
		t.Errorf("with the adapter unknown, the call a fix edits is the one outside branches")
	}
	// no else: a key only the if sets is unknown
	if m := ReadModel([]byte("{% if x %}{{ config(partition_by='dt') }}{% endif %}")); str(m, "partition_by") != "unknown" {
		t.Errorf("partition_by set in one branch only = %s, want unknown", str(m, "partition_by"))
	}
}
