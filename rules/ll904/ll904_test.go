package ll904_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll904"
)

func TestLL904(t *testing.T) { ruletest.Run(t, ll904.Rule, "testdata") }
