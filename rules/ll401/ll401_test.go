package ll401_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll401"
)

func TestLL401(t *testing.T) { ruletest.Run(t, ll401.Rule, "testdata") }
