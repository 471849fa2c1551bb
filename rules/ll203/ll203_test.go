package ll203_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll203"
)

func TestLL203(t *testing.T) { ruletest.Run(t, ll203.Rule, "testdata") }
