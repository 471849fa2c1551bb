package ll001_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll001"
	"github.com/lakelint/lakelint/rules/ll501"
)

// LL501 runs beside LL001 so that its suppressed findings count as used.
func TestLL001(t *testing.T) { ruletest.Run(t, ll001.Rule, "testdata", ll501.Rule) }
