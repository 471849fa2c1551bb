package ll905_test

import (
	"testing"

	"github.com/lakelint/lakelint/internal/ruletest"
	"github.com/lakelint/lakelint/rules/ll905"
)

func TestLL905(t *testing.T) { ruletest.Run(t, ll905.Rule, "testdata") }
