package engine_test

import (
	"path/filepath"
	"reflect"
	"testing"
)

// A dbt model's facts depend on its project's configs: a cached run sees a
// change of dbt_project.yml or of a properties file as a change of the model.
func TestCacheFollowsDbtProjectConfigs(t *testing.T) {
	dir := writeProject(t, map[string]string{
		".lakelint.yaml":        "platform: oss\n",
		"dbt_project.yml":       "name: shop\nmodels:\n  shop:\n    +materialized: table\n    +file_format: delta\n    +partition_by: [order_id]\n",
		"models/orders.sql":     "select * from {{ ref('stg') }}\n",
		"models/stg.sql":        "select 1 as order_id\n",
		"models/properties.yml": "version: 2\nmodels:\n  - name: stg\n    config:\n      materialized: view\n",
	})
	cacheDir := filepath.Join(t.TempDir(), "cache")
	c := openCache(t, cacheDir)
	first, _ := lintWith(t, dir, c)
	if !has(first, "dbt_project.yml, line 6) looks high-cardinality") {
		t.Fatalf("the project's partitioning applies to the model:\n%v", first)
	}
	if has(first, "models/stg.sql") {
		t.Errorf("a view makes no table:\n%v", first)
	}
	again, _ := lintWith(t, dir, c)
	if !reflect.DeepEqual(again, first) {
		t.Errorf("an unchanged run:\n%v\nwant\n%v", again, first)
	}

	write(t, dir, "dbt_project.yml", "name: shop\nmodels:\n  shop:\n    +materialized: table\n    +file_format: delta\n    +partition_by: [order_date]\n")
	got, _ := lintWith(t, dir, c)
	if want, _ := lintWith(t, dir, nil); !reflect.DeepEqual(got, want) || has(got, "LL103") {
		t.Errorf("after the project file changed, with the cache:\n%v\nwithout it:\n%v", got, want)
	}

	write(t, dir, "models/properties.yml", "version: 2\nmodels:\n  - name: stg\n    config:\n      materialized: table\n      partition_by: [order_id]\n")
	got, _ = lintWith(t, dir, c)
	if !has(got, "models/properties.yml, line 6) looks high-cardinality") {
		t.Errorf("after the properties file changed:\n%v", got)
	}
}
