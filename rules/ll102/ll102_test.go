package ll102_test

import (
	"testing"

	"github.com/lakelint/lakelint/rules/ll102"
	"github.com/lakelint/lakelint/rules/ruletest"
)

func TestLL102(t *testing.T) { ruletest.Run(t, ll102.Rule, "testdata") }
