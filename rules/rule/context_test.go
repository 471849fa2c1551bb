package rule

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// transformTextByConcat is TransformText as plain concatenation, for comparison.
func transformTextByConcat(t *facts.Transform) string {
	args := ""
	if t.HasNum {
		if t.NumPartitions.Known() {
			args = t.NumPartitions.Text()
		} else {
			args = "n"
		}
	}
	for _, c := range t.Columns {
		if args != "" {
			args += ", "
		}
		switch {
		case t.Hint:
			args += c.Name
		case c.Name == "":
			args += "…"
		default:
			args += `"` + c.Name + `"`
		}
	}
	if t.Hint {
		return "/*+ " + t.Name + "(" + args + ") */"
	}
	return "." + t.Name + "(" + args + ")"
}

func TestTransformText(t *testing.T) {
	cols := func(names ...string) []facts.Column {
		var out []facts.Column
		for _, n := range names {
			out = append(out, facts.Column{Name: n})
		}
		return out
	}
	eight := facts.Value{Kind: facts.Int, Int: 8}
	empty := facts.Value{Kind: facts.String}
	cases := []struct {
		t    facts.Transform
		want string
	}{
		{facts.Transform{Name: "coalesce", HasNum: true, NumPartitions: eight}, ".coalesce(8)"},
		{facts.Transform{Name: "repartition", HasNum: true}, ".repartition(n)"},
		{facts.Transform{Name: "repartition", HasNum: true, NumPartitions: eight, Columns: cols("day", "id")}, `.repartition(8, "day", "id")`},
		{facts.Transform{Name: "repartition", Columns: cols("day")}, `.repartition("day")`},
		{facts.Transform{Name: "REPARTITION", Hint: true, HasNum: true, NumPartitions: eight, Columns: cols("day")}, "/*+ REPARTITION(8, day) */"},
		{facts.Transform{Name: "REBALANCE", Hint: true}, "/*+ REBALANCE() */"},
		// no comma after an argument that reads as nothing
		{facts.Transform{Name: "REPARTITION", Hint: true, Columns: cols("", "day")}, "/*+ REPARTITION(day) */"},
		{facts.Transform{Name: "repartition", HasNum: true, NumPartitions: empty, Columns: cols("day")}, `.repartition("day")`},
		{facts.Transform{Name: "repartition", Columns: cols("", "day")}, `.repartition(…, "day")`},
	}
	for _, c := range cases {
		got := TransformText(&c.t)
		if got != c.want {
			t.Errorf("TransformText(%+v) = %q, want %q", c.t, got, c.want)
		}
		if old := transformTextByConcat(&c.t); got != old {
			t.Errorf("TransformText(%+v) = %q, concatenation gives %q", c.t, got, old)
		}
		// the prefix, empty or not, never changes where a comma goes
		if title, text := RemoveTransform(&c.t); title != "Remove "+c.want || text != c.want {
			t.Errorf("RemoveTransform(%+v) = %q, %q", c.t, title, text)
		}
	}
}

// A helper's SQL names its table by a placeholder; the message speaks of the
// table the caller gives, and never breaks on a stray brace.
func TestTargetNameOfPlaceholders(t *testing.T) {
	for name, want := range map[string]string{
		"main.sales.events":    "main.sales.events",
		"{t}":                  "the table given as `t`",
		"{self.table}":         "the table given as `self.table`",
		"main.{schema}.events": "`main.{schema}.events`",
		"${env}.sales.events":  "`${env}.sales.events`",
		"{a}{b}":               "`{a}{b}`",
		"{":                    "`{`",
		"{}":                   "`{}`",
	} {
		if got := TargetName(facts.Target{Table: name}); got != want {
			t.Errorf("TargetName(%q) = %q, want %q", name, got, want)
		}
	}
	if got := TargetName(facts.Target{Path: "/mnt/x"}); got != "/mnt/x" {
		t.Errorf("a path: %q", got)
	}
}

// A table known by a location alone, or by a path with placeholders, is
// named by that expression: never an empty name or a bare placeholder.
func TestTableLabels(t *testing.T) {
	for _, c := range []struct{ name, location, want string }{
		{"main.sales.events", "/mnt/x", "main.sales.events"},
		{"", "/mnt/lake/events", "the table at `/mnt/lake/events`"},
		{"{CachedTest_name}", "", "the table given as `CachedTest_name`"},
		{"", "", "the table"},
	} {
		if got := TableLabel(c.name, c.location); got != c.want {
			t.Errorf("TableLabel(%q, %q) = %q, want %q", c.name, c.location, got, c.want)
		}
	}
	if got := KindLabel("Delta table", "", "/p"); got != "the Delta table at `/p`" {
		t.Errorf("KindLabel of a location: %q", got)
	}
	if got := KindLabel("Delta table", "main.a.b", ""); got != "Delta table main.a.b" {
		t.Errorf("KindLabel of a name: %q", got)
	}
	if got := TargetName(facts.Target{Path: "{LAKE}/bronze/events"}); got != "the table at `{LAKE}/bronze/events`" {
		t.Errorf("a path with a placeholder: %q", got)
	}
}
