package ll403_test

import (
	"testing"

	"github.com/lakelint/lakelint/rules/ll403"
	"github.com/lakelint/lakelint/rules/ruletest"
)

func TestLL403(t *testing.T) { ruletest.Run(t, ll403.Rule, "testdata") }
