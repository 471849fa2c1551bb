package ll105_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll105"
)

func TestLL105(t *testing.T) { ruletest.Run(t, ll105.Rule, "testdata") }
