package facts

import "testing"

func TestFeeding(t *testing.T) {
	tr := func(names ...string) []Transform {
		out := make([]Transform, len(names))
		for i, n := range names {
			out[i] = Transform{Name: n}
		}
		return out
	}
	for _, tt := range []struct {
		transforms []string
		want       string
	}{
		{[]string{"repartition"}, "repartition"},
		{[]string{"coalesce", "select", "filter", "withColumn"}, "coalesce"},
		{[]string{"repartition", "join"}, ""},
		{[]string{"repartition", "cache"}, ""},
		{[]string{"repartition", "groupBy"}, ""},
		{[]string{"join", "coalesce", "where"}, "coalesce"},
		{[]string{"REBALANCE"}, "REBALANCE"},
		{nil, ""},
	} {
		w := &Write{Transforms: tr(tt.transforms...)}
		got := ""
		if f := w.Feeding(); f != nil {
			got = f.Name
		}
		if got != tt.want {
			t.Errorf("%v: feeding %q, want %q", tt.transforms, got, tt.want)
		}
	}
}

func TestValues(t *testing.T) {
	for _, tt := range []struct {
		v        Value
		truth    bool
		known    bool
		num      float64
		isNumber bool
	}{
		{Value{Kind: String, Str: " TRUE "}, true, true, 0, false},
		{Value{Kind: String, Str: "false"}, false, true, 0, false},
		{Value{Kind: Bool, Bool: true}, true, true, 0, false},
		{Value{Kind: String, Str: "auto"}, false, false, 0, false},
		{Value{Kind: Int, Int: 168}, false, false, 168, true},
		{Value{Kind: String, Str: "24"}, false, false, 24, true},
		{Value{}, false, false, 0, false},
	} {
		b, known := tt.v.Truth()
		n, isNum := tt.v.Number()
		if b != tt.truth || known != tt.known || n != tt.num || isNum != tt.isNumber {
			t.Errorf("%+v: Truth %v %v Number %v %v", tt.v, b, known, n, isNum)
		}
	}
	if (Value{Kind: Int, Int: 8}).Text() != "8" || (Value{}).Known() {
		t.Error("Text/Known")
	}
}

func TestSettingBefore(t *testing.T) {
	f := &File{Settings: []*Setting{
		{Key: "k", Value: Value{Kind: String, Str: "a"}, Span: Span{Start: 0, End: 5}},
		{Key: "other", Span: Span{Start: 6, End: 10}},
		{Key: "k", Value: Value{Kind: String, Str: "b"}, Span: Span{Start: 20, End: 25}},
	}}
	if _, ok := f.SettingBefore("k", 0); ok {
		t.Error("nothing is set before the first setting")
	}
	if s, _ := f.SettingBefore("k", 15); s.Value.Str != "a" {
		t.Errorf("got %q, want the first value", s.Value.Str)
	}
	if s, _ := f.SettingBefore("k", 30); s.Value.Str != "b" {
		t.Errorf("got %q, want the later value", s.Value.Str)
	}
}

func TestTargetFixed(t *testing.T) {
	for expr, want := range map[string]bool{
		`get_full_table_name("table_log")`: true,
		`spark.conf.get('audit.table')`:    true,
		`LOG_TABLE`:                        true,
		`CONF.log_table`:                   true,
		`full_name("a", 2)`:                true,
		`table`:                            false, // a variable
		`self.table`:                       false,
		`get_full_table_name(t)`:           false,
		`f"{db}.log"`:                      false,
		`cfg["log"]`:                       false,
		`full_name("a,b")`:                 false, // not split right: left alone
		`os.path.join(root, "x")`:          false,
		`name("{x}")`:                      false,
		``:                                 false,
		`new_table_name()`:                 false, // may make a new name each call
		`uuid.uuid4()`:                     false,
	} {
		if got := (Target{Expr: expr}).Fixed(); got != want {
			t.Errorf("Fixed(%s) = %v, want %v", expr, got, want)
		}
	}
	if !(Target{Table: "main.s.t"}).Fixed() {
		t.Error("a known target is fixed")
	}
}
