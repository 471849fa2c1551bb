package ll402_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll402"
)

func TestLL402(t *testing.T) { ruletest.Run(t, ll402.Rule, "testdata") }
