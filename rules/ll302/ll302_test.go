package ll302_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll302"
)

func TestLL302(t *testing.T) { ruletest.Run(t, ll302.Rule, "testdata") }
