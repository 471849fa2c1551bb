package fixes_test

import (
	"testing"

	"github.com/lakelint/lakelint/extract/dbtfacts"
	"github.com/lakelint/lakelint/parsers/dbt"
	"github.com/lakelint/lakelint/rules/fixes"
	"github.com/lakelint/lakelint/rules/rule"
)

// The fix adds tblproperties to a model's config() in every layout dbt
// users write, and the model then reads with both properties set.
func TestDbtConfigFix(t *testing.T) {
	keys := []string{"delta.autoOptimize.optimizeWrite", "delta.autoOptimize.autoCompact"}
	for _, src := range []string{
		"{{ config(file_format='delta') }}\nselect 1\n",
		"{{ config() }}\nselect 1\n",
		"{{\n  config(\n    materialized='incremental',\n    file_format='delta',\n  )\n}}\nselect 1\n",
		"{{- config(materialized = \"table\" , file_format = \"delta\" ) -}}\nselect 1\n",
	} {
		d, _ := dbtfacts.Extract(dbtfacts.Input{Path: "models/m.sql", Text: []byte(src), Spark: true,
			Project: map[string]dbt.Value{"materialized": {Kind: dbt.String, Str: "table"}}})
		if d == nil || d.AddProps == nil {
			t.Errorf("%q: no place for the properties", src)
			continue
		}
		fix := fixes.Properties(d, keys)
		if len(fix.Edits) != 1 || fix.Applicability != rule.SafeFix {
			t.Errorf("%q: fix %+v, want one safe edit", src, fix)
			continue
		}
		e := fix.Edits[0]
		fixed := src[:e.Start] + e.NewText + src[e.End:]
		props := dbt.ReadModel([]byte(fixed)).Config["tblproperties"]
		for _, k := range []string{"delta.autooptimize.optimizewrite", "delta.autooptimize.autocompact"} {
			if on, _ := props.Dict[k].Truth(); !on {
				t.Errorf("%q fixed to %q: %s not set", src, fixed, k)
			}
		}
		if again, _ := dbtfacts.Extract(dbtfacts.Input{Path: "models/m.sql", Text: []byte(fixed), Spark: true}); again != nil && again.AddProps != nil {
			t.Errorf("%q: the fixed model still asks for properties", fixed)
		}
	}
}
