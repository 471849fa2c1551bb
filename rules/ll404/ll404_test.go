package ll404_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll404"
)

func TestLL404(t *testing.T) { ruletest.Run(t, ll404.Rule, "testdata") }
