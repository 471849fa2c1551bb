package ll201_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll201"
)

func TestLL201(t *testing.T) { ruletest.Run(t, ll201.Rule, "testdata") }
