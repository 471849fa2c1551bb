package databricks

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseProfiles(t *testing.T) {
	in := `host = https://top.example
; comment
# another
[DEFAULT]
token = "dapiquoted"

[dev]
  HOST =  adb-1.azuredatabricks.net
token = dapi=with=equals
warehouse_id = 'w1'
[empty]
`
	got, err := parseProfiles(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]profile{
		"DEFAULT": {"host": "https://top.example", "token": "dapiquoted"},
		"dev":     {"host": "adb-1.azuredatabricks.net", "token": "dapi=with=equals", "warehouse_id": "w1"},
		"empty":   {},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestParseProfilesErrorsHideLineContent(t *testing.T) {
	for _, in := range []string{
		"[dev]\ntoken dapisecret123\n",
		"[dev\ntoken = dapisecret123\n",
		"[]\n",
	} {
		_, err := parseProfiles(strings.NewReader(in))
		if err == nil {
			t.Errorf("%q: parsed without error", in)
			continue
		}
		if strings.Contains(err.Error(), "dapisecret123") || !strings.Contains(err.Error(), "line ") {
			t.Errorf("%q: error %q should give a line number and no content", in, err)
		}
	}
}
