package ll204_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll204"
)

func TestLL204(t *testing.T) { ruletest.Run(t, ll204.Rule, "testdata") }
