package ll104_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll104"
)

func TestLL104(t *testing.T) { ruletest.Run(t, ll104.Rule, "testdata") }
