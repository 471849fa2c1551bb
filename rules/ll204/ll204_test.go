package ll204_test

import (
	"testing"

	"github.com/lakelint/lakelint/rules/ll204"
	"github.com/lakelint/lakelint/rules/ruletest"
)

func TestLL204(t *testing.T) { ruletest.Run(t, ll204.Rule, "testdata") }
