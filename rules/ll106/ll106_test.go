package ll106_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll106"
)

func TestLL106(t *testing.T) {
	ruletest.Run(t, ll106.Rule, "testdata/oss")
	ruletest.Run(t, ll106.Rule, "testdata/databricks")
}
