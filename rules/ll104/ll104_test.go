package ll104_test

import (
	"testing"

	"github.com/lakelint/lakelint/rules/ll104"
	"github.com/lakelint/lakelint/rules/ruletest"
)

func TestLL104(t *testing.T) { ruletest.Run(t, ll104.Rule, "testdata") }
