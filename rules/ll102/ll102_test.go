package ll102_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll102"
)

func TestLL102(t *testing.T) { ruletest.Run(t, ll102.Rule, "testdata") }
