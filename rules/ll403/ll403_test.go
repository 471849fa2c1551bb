package ll403_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll403"
)

func TestLL403(t *testing.T) { ruletest.Run(t, ll403.Rule, "testdata") }
