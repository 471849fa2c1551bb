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
