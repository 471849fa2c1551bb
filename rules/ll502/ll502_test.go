package ll502_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll502"
)

func TestLL502(t *testing.T) { ruletest.Run(t, ll502.Rule, "testdata") }
