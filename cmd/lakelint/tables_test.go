package main

import (
	"regexp"
	"strings"
	"testing"
)

// The ledger of the example project, as text and JSON.
func TestTablesExamplesSnapshot(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		out, errOut, code := runCLI(t, "", "tables", "../../examples", "--output-format", format)
		if code != exitClean {
			t.Fatalf("%s: exit %d: %s", format, code, errOut)
		}
		golden(t, "tables."+format, out)
	}
}

// The HTML ledger loads nothing: no script, style or image from elsewhere.
func TestTablesHTMLIsSelfContained(t *testing.T) {
	out, errOut, code := runCLI(t, "", "tables", "../../examples", "--output-format", "html")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, `"main.sales.orders"`) || !strings.Contains(out, "<svg") {
		t.Fatalf("the page lacks its data or chart:\n%.400s", out)
	}
	if m := regexp.MustCompile(`(?i)(src|href)\s*=|@import|url\(`).FindString(out); m != "" {
		t.Errorf("the page refers to another resource: %q", m)
	}
}

func TestTablesUnknownFormat(t *testing.T) {
	_, errOut, code := runCLI(t, "", "tables", "--output-format", "xml", "../../examples")
	if code != exitError || !strings.Contains(errOut, "want text, json or html") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}
