package ll103_test

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll103"
)

func TestLL103(t *testing.T) { ruletest.Run(t, ll103.Rule, "testdata") }
