// Package rules is the registry of every lakelint rule.
package rules

import (
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/rules/ll000"
	"github.com/lakelint/lakelint/rules/ll001"
	"github.com/lakelint/lakelint/rules/ll101"
	"github.com/lakelint/lakelint/rules/ll102"
	"github.com/lakelint/lakelint/rules/ll103"
	"github.com/lakelint/lakelint/rules/ll104"
	"github.com/lakelint/lakelint/rules/ll105"
	"github.com/lakelint/lakelint/rules/ll106"
	"github.com/lakelint/lakelint/rules/ll201"
	"github.com/lakelint/lakelint/rules/ll202"
	"github.com/lakelint/lakelint/rules/ll203"
	"github.com/lakelint/lakelint/rules/ll204"
	"github.com/lakelint/lakelint/rules/ll301"
	"github.com/lakelint/lakelint/rules/ll302"
	"github.com/lakelint/lakelint/rules/ll303"
	"github.com/lakelint/lakelint/rules/ll304"
	"github.com/lakelint/lakelint/rules/ll305"
	"github.com/lakelint/lakelint/rules/ll401"
	"github.com/lakelint/lakelint/rules/ll402"
	"github.com/lakelint/lakelint/rules/ll403"
	"github.com/lakelint/lakelint/rules/ll404"
	"github.com/lakelint/lakelint/rules/ll405"
	"github.com/lakelint/lakelint/rules/ll406"
	"github.com/lakelint/lakelint/rules/ll501"
	"github.com/lakelint/lakelint/rules/ll502"
	"github.com/lakelint/lakelint/rules/ll901"
	"github.com/lakelint/lakelint/rules/ll902"
	"github.com/lakelint/lakelint/rules/ll903"
	"github.com/lakelint/lakelint/rules/ll904"
	"github.com/lakelint/lakelint/rules/ll905"
	"github.com/lakelint/lakelint/rules/rule"
)

// all lists every rule, in code order.
var all = []*rule.Rule{
	ll000.Rule,
	ll001.Rule,
	ll101.Rule,
	ll102.Rule,
	ll103.Rule,
	ll104.Rule,
	ll105.Rule,
	ll106.Rule,
	ll201.Rule,
	ll202.Rule,
	ll203.Rule,
	ll204.Rule,
	ll301.Rule,
	ll302.Rule,
	ll303.Rule,
	ll304.Rule,
	ll305.Rule,
	ll401.Rule,
	ll402.Rule,
	ll403.Rule,
	ll404.Rule,
	ll405.Rule,
	ll406.Rule,
	ll501.Rule,
	ll502.Rule,
	ll901.Rule,
	ll902.Rule,
	ll903.Rule,
	ll904.Rule,
	ll905.Rule,
}

// selections (--select, a config's select:, ignore: and the like) may name
// these rules' codes and prefixes only
func init() {
	codes := make([]string, len(all))
	for i, r := range all {
		codes[i] = r.Doc.Code
	}
	config.SetRuleCodes(codes)
}

// All returns every registered rule.
func All() []*rule.Rule { return all }

// ByCode returns the rule with the given code, or nil.
func ByCode(code string) *rule.Rule {
	for _, r := range all {
		if r.Doc.Code == code {
			return r
		}
	}
	return nil
}
