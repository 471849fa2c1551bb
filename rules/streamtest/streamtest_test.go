// Package streamtest checks the streaming rules together on a project
// whose streams go through a helper module imported by two jobs and a
// foreachBatch MERGE writer: each finding once, where a user fixes it.
package streamtest

import (
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll101"
	"github.com/lakelint/lakelint/rules/ll102"
	"github.com/lakelint/lakelint/rules/ll103"
	"github.com/lakelint/lakelint/rules/ll201"
	"github.com/lakelint/lakelint/rules/ll202"
	"github.com/lakelint/lakelint/rules/ll203"
	"github.com/lakelint/lakelint/rules/ll204"
	"github.com/lakelint/lakelint/rules/ll302"
	"github.com/lakelint/lakelint/rules/ll401"
)

func TestProject(t *testing.T) {
	ruletest.Run(t, ll201.Rule, "testdata/project", ll202.Rule, ll203.Rule, ll204.Rule, ll302.Rule, ll101.Rule, ll102.Rule)
}

// Writers held as classes (self.x set in __init__), foreachBatch functions
// given as bound methods, lambdas and functools.partial, and helpers that
// call the function they are given: each finding once, where it is fixed.
func TestObjects(t *testing.T) {
	ruletest.Run(t, ll201.Rule, "testdata/objects", ll202.Rule, ll203.Rule, ll204.Rule, ll302.Rule, ll101.Rule, ll102.Rule, ll103.Rule, ll401.Rule)
}
