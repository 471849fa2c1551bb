package output

import (
	"bytes"
	"strings"
	"testing"
)

// With no findings, the text formats say "All checks passed!" only when the
// run neither failed nor linted nothing; the step summary says what was
// not linted instead of "No findings".
func TestNoAllClearWhenNothingWasChecked(t *testing.T) {
	for _, tc := range []struct {
		notices []Notice
		want    string
	}{
		{nil, "All checks passed!\n"},
		{[]Notice{{Path: "big.py", Message: "skipped: too big"}}, "All checks passed!\n"},
		{[]Notice{{Message: "stats: timeout", Error: true}}, ""},
		{[]Notice{{Message: "0 files linted: 2 excluded", NothingLinted: true}}, ""},
	} {
		for _, format := range []string{"text", "full"} {
			var buf bytes.Buffer
			if err := WriteNotices(&buf, format, nil, tc.notices, Options{}); err != nil {
				t.Fatal(err)
			}
			if buf.String() != tc.want {
				t.Errorf("%s with %+v: %q, want %q", format, tc.notices, buf.String(), tc.want)
			}
		}
	}
	var summary bytes.Buffer
	err := WriteNotices(&bytes.Buffer{}, "github", nil, []Notice{{Path: "jobs", Message: "0 files linted: 2 excluded", Error: true, NothingLinted: true}}, Options{StepSummary: &summary})
	if err != nil {
		t.Fatal(err)
	}
	if s := summary.String(); strings.Contains(s, "No findings") || !strings.Contains(s, "0 files linted: 2 excluded.\n") {
		t.Errorf("step summary:\n%s", s)
	}
}
