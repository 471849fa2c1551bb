package noqa

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		comment, marker string
		ok, file        bool
		codes           string
	}{
		{"# noqa", "#", true, false, ""},
		{"#noqa:LL101", "#", true, false, "LL101"},
		{"# NOQA: ll101, LL102 trailing words", "#", true, false, "LL101 LL102"},
		{"# lakelint: noqa", "#", true, true, ""},
		{"# lakelint: noqa: LL301", "#", true, true, "LL301"},
		{"# want: LL001 # noqa: LL102", "#", true, false, "LL102"},
		{"-- noqa: LL401", "--", true, false, "LL401"},
		{"-- lakelint: noqa: LL301", "--", true, true, "LL301"},
		{"-- want: LL001 -- noqa", "--", true, false, ""},
		{"# this is not noqa", "#", false, false, ""},
		{"# noqamatic", "#", false, false, ""},
		{"-- noqa", "#", false, false, ""},
	} {
		codes, file, ok := Parse(tt.comment, tt.marker)
		if ok != tt.ok || file != tt.file || strings.Join(codes, " ") != tt.codes {
			t.Errorf("Parse(%q) = %v %v %v, want %q %v %v", tt.comment, codes, file, ok, tt.codes, tt.file, tt.ok)
		}
	}
}

func TestParseRange(t *testing.T) {
	for _, tt := range []struct {
		comment    string
		ok, enable bool
		codes      string
	}{
		{"-- noqa: disable=LL301", true, false, "LL301"},
		{"-- noqa:disable=ll301,LL302 because the table is tiny", true, false, "LL301 LL302"},
		{"--noqa: enable=LL301", true, true, "LL301"},
		{"-- noqa: disable=all", true, false, ""},
		{"-- NOQA: ENABLE=ALL", true, true, ""},
		{"-- noqa: LL301", false, false, ""},         // a line comment
		{"-- noqa: disable=", false, false, ""},      // nothing named
		{"-- noqa: disable=bogus", false, false, ""}, // not a code
		{"-- lakelint: noqa: disable=LL301", false, false, ""},
		{"# noqa: disable=LL301", false, false, ""},
	} {
		codes, enable, ok := ParseRange(tt.comment, "--")
		if ok != tt.ok || enable != tt.enable || strings.Join(codes, " ") != tt.codes {
			t.Errorf("ParseRange(%q) = %v %v %v, want %q %v %v", tt.comment, codes, enable, ok, tt.codes, tt.enable, tt.ok)
		}
	}
}
