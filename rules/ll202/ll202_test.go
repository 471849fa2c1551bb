package ll202_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll202"
)

func TestLL202(t *testing.T) { ruletest.Run(t, ll202.Rule, "testdata") }
