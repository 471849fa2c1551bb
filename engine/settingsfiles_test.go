package engine

import (
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// settingAt is a setting whose key starts at the offset of marker in text.
func settingAt(t *testing.T, text, marker string) *facts.Setting {
	t.Helper()
	i := strings.Index(text, marker)
	if i < 0 {
		t.Fatalf("no %q", marker)
	}
	return &facts.Setting{Key: marker, At: facts.Span{Start: i, End: i + len(marker)}}
}

// A noqa comment counts in YAML at the end of a setting's line, outside
// quotes; in a spark-defaults.conf only on a comment line of its own,
// directly above a setting's line, which it covers.
func TestSettingsNoqa(t *testing.T) {
	yml := "spark_conf:\n" +
		"  a.k: \"x # noqa: LL303\"\n" + // inside quotes: no comment
		"  b.k: false # noqa: LL303\n" +
		"  # noqa: LL501\n" + // a line of no setting: another tool's
		"  c.k: false #noqa:LL303,LL501\n"
	got := settingsNoqa("resources/jobs.yml", []byte(yml), []*facts.Setting{settingAt(t, yml, "a.k"), settingAt(t, yml, "b.k"), settingAt(t, yml, "c.k")})
	if len(got) != 2 || strings.Join(got[0].Codes, ",") != "LL303" || strings.Join(got[1].Codes, ",") != "LL303,LL501" || got[0].Until != 0 {
		t.Fatalf("YAML: %+v", got)
	}
	if c := yml[got[0].Span.Start:got[0].Span.End]; c != "# noqa: LL303" {
		t.Errorf("YAML comment span: %q", c)
	}

	conf := "# noqa: LL303\n" +
		"a.k false\n" +
		"b.k false # noqa: LL303\n" + // part of the value
		"# noqa: LL303\n" +
		"\n" + // not directly above
		"c.k false\n" +
		"! lakelint: noqa\n"
	got = settingsNoqa("conf/spark-defaults.conf", []byte(conf), []*facts.Setting{settingAt(t, conf, "a.k"), settingAt(t, conf, "b.k"), settingAt(t, conf, "c.k")})
	if len(got) != 2 {
		t.Fatalf("conf: %+v", got)
	}
	if want := strings.Index(conf, "b.k"); got[0].Until != want || got[0].FileLevel {
		t.Errorf("conf: the comment covers up to %d, want the end of a.k's line, %d", got[0].Until, want)
	}
	if !got[1].FileLevel {
		t.Errorf("conf: ! lakelint: noqa is not file-level: %+v", got[1])
	}
}
