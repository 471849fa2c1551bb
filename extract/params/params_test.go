package params

import "testing"

func TestFill(t *testing.T) {
	s := &Session{}
	s.Give(Given{Source: Widget, Name: "env", Value: "prod", Known: true})
	s.Give(Given{Source: Conf, Name: "root", Value: "s3://lake", Known: true})
	s.Give(Given{Source: Variable, Name: "t", Value: "main.s.t", Known: true})
	s.Give(Given{Source: Widget, Name: "blank", Value: " ", Known: true})
	cases := map[string]string{
		"${env}.t":          "prod.t",
		"$env.t":            "prod.t",
		":env.t":            "prod.t",
		"a.:env":            "a.prod",
		"{{ env }}.t":       "prod.t",
		"${root}/x":         "s3://lake/x",
		"${hiveconf:root}":  "s3://lake",
		"s3://b/:env":       "s3://b/:env", // a colon inside a part is no marker
		"{t}":               "main.s.t",
		"{env}":             "{env}", // {x} is a session variable's
		"$root.t":           "$root.t",
		":t.x":              "main.s.t.x",
		"${blank}.t":        "${blank}.t", // an empty default fills nothing
		"<env>.t":           "<env>.t",
		"${unclosed":        "${unclosed",
		"${other}_${env}.t": "${other}_prod.t",
	}
	for in, want := range cases {
		if got := s.fill(in); got != want {
			t.Errorf("fill(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestHas(t *testing.T) {
	for in, want := range map[string]bool{
		"main.s.t": false, "s3://b/x": false, "dbfs:/x": false, "${x}.t": true, ":x.t": true,
		"$x.t": true, "{x}": true, "<b>.t": true, "?": true, "a.b:c": false,
	} {
		if got := Has(in); got != want {
			t.Errorf("Has(%q) = %v, want %v", in, got, want)
		}
	}
}
