package databricks

import (
	"reflect"
	"testing"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{7}, 7},
		{[]float64{9, 1, 5}, 5},
		{[]float64{4, 1, 3, 2}, 2.5},
	}
	for _, tt := range tests {
		in := append([]float64(nil), tt.in...)
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
		if !reflect.DeepEqual(in, tt.in) {
			t.Errorf("median reordered its input to %v", tt.in)
		}
	}
}

func TestParseStringMap(t *testing.T) {
	got, err := parseStringMap(`{"a":"1","b":null,"c":2,"d":{"e":true}}`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a": "1", "b": "", "c": "2", "d": `{"e":true}`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if _, err := parseStringMap(`Map(a -> 1)`); err == nil {
		t.Error("accepted a non-JSON map")
	}
}

func TestParseStringList(t *testing.T) {
	for in, want := range map[string][]string{
		`["a","b"]`: {"a", "b"},
		`[]`:        {},
		`null`:      {},
		``:          {},
	} {
		got, err := parseStringList(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("parseStringList(%q) = %#v, %v; want %#v", in, got, err, want)
		}
	}
	if _, err := parseStringList(`[1,2]`); err == nil {
		t.Error("accepted numbers")
	}
}

func TestParseTime(t *testing.T) {
	want := date("2025-01-20T06:45:12Z")
	for _, in := range []string{
		"2025-01-20T06:45:12Z",
		"2025-01-20T06:45:12.000Z",
		"2025-01-20T07:45:12+01:00",
		"2025-01-20T06:45:12",
		"2025-01-20 06:45:12",
		"2025-01-20 06:45:12.0",
	} {
		got, err := parseTime(in)
		if err != nil || !got.Equal(want) || got.Location().String() != "UTC" {
			t.Errorf("parseTime(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := parseTime("yesterday"); err == nil {
		t.Error("parsed garbage")
	}
}
