package ll501_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll501"
)

func TestLL501(t *testing.T) { ruletest.Run(t, ll501.Rule, "testdata") }
