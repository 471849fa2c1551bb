package dbt

import "testing"

// No model text, however broken, makes ReadModel panic or loop: each step
// of the expression reader moves on.
func FuzzReadModel(f *testing.F) {
	for _, s := range []string{
		"{{ config(materialized='table', partition_by=['a', 'b'], tblproperties={'k': 'v'}) }}",
		"{{ config(a=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ }}", "{{ config(a={'k': [1, {'x': ( }}",
		"{{ ref('a') }} {{ source('s', 't') }} {% if is_incremental() %}{% endif %}", "{{ config(a=)) ]] }}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m := ReadModel(src)
		for _, v := range m.Config {
			if v.Start < 0 || v.End > len(src) || v.Start > v.End {
				t.Fatalf("a value spans %d..%d of %d bytes", v.Start, v.End, len(src))
			}
		}
	})
}
