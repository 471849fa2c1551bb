package ll304_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll304"
)

func TestLL304(t *testing.T) { ruletest.Run(t, ll304.Rule, "testdata") }
