package ll406_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll406"
)

func TestLL406(t *testing.T) { ruletest.Run(t, ll406.Rule, "testdata") }
