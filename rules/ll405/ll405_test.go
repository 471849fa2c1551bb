package ll405_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll405"
)

func TestLL405(t *testing.T) { ruletest.Run(t, ll405.Rule, "testdata") }
