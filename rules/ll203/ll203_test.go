package ll203_test

import (
	"testing"

	"github.com/lakelint/lakelint/rules/ll203"
	"github.com/lakelint/lakelint/rules/ruletest"
)

func TestLL203(t *testing.T) { ruletest.Run(t, ll203.Rule, "testdata") }
