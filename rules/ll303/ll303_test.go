package ll303_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll303"
)

func TestLL303(t *testing.T) { ruletest.Run(t, ll303.Rule, "testdata") }
