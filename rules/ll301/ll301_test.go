package ll301_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll301"
)

func TestLL301(t *testing.T) { ruletest.Run(t, ll301.Rule, "testdata") }
