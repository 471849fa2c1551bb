package ll406_test

import (
	"testing"

	"github.com/lakelint/lakelint/rules/ll406"
	"github.com/lakelint/lakelint/rules/ruletest"
)

func TestLL406(t *testing.T) { ruletest.Run(t, ll406.Rule, "testdata") }
