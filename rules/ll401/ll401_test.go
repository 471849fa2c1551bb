package ll401_test

import (
	"testing"

	"github.com/lakelint/lakelint/rules/ll401"
	"github.com/lakelint/lakelint/rules/ruletest"
)

func TestLL401(t *testing.T) { ruletest.Run(t, ll401.Rule, "testdata") }
