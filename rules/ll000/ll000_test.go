package ll000_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll000"
)

func TestLL000(t *testing.T) { ruletest.Run(t, ll000.Rule, "testdata") }
