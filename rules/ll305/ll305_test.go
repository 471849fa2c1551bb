package ll305_test

import (
	"testing"

	"github.com/lakelint/lakelint/internal/ruletest"
	"github.com/lakelint/lakelint/rules/ll305"
)

func TestLL305(t *testing.T) { ruletest.Run(t, ll305.Rule, "testdata") }
