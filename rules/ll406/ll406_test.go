package ll406_test

import (
	"testing"

	"github.com/lakelint/lakelint/internal/ruletest"
	"github.com/lakelint/lakelint/rules/ll406"
)

func TestLL406(t *testing.T) {
	ruletest.Run(t, ll406.Rule, "testdata/oss")
	ruletest.Run(t, ll406.Rule, "testdata/databricks")
}

// TestLL406Optimized: an OPTIMIZE of a table known only as a run-time
// value compacts it, and may compact any other such table of the project.
func TestLL406Optimized(t *testing.T) { ruletest.Run(t, ll406.Rule, "testdata/optimized") }
