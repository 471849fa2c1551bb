package ll405_test

import (
	"testing"

	"github.com/lakelint/lakelint/rules/ll405"
	"github.com/lakelint/lakelint/rules/ruletest"
)

func TestLL405(t *testing.T) { ruletest.Run(t, ll405.Rule, "testdata") }
