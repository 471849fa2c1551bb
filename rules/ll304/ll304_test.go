package ll304_test

import (
	"testing"

	"github.com/lakelint/lakelint/rules/ll304"
	"github.com/lakelint/lakelint/rules/ruletest"
)

func TestLL304(t *testing.T) { ruletest.Run(t, ll304.Rule, "testdata") }
