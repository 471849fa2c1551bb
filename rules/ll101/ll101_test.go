package ll101_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll101"
)

func TestLL101(t *testing.T) { ruletest.Run(t, ll101.Rule, "testdata") }
