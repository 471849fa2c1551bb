package config

import (
	"gopkg.in/yaml.v3"

	"github.com/lakelint/lakelint/finding"
)

// Fixes holds the fix settings, named as ruff names them.
type Fixes struct {
	// Fix and UnsafeFixes are the defaults of --fix and --unsafe-fixes; nil
	// when the file does not say.
	Fix, UnsafeFixes *bool
	fixable          []selector // nil: every rule
	unfixable        []selector
	extendSafe       []selector // unsafe fixes treated as safe
	extendUnsafe     []selector // safe fixes treated as unsafe
}

func init() {
	topFields["fix"] = func(d *decoder, key string, v *yaml.Node) {
		if b, ok := d.boolean(key, v); ok {
			d.cfg.Fixes.Fix = &b
		}
	}
	topFields["unsafe-fixes"] = func(d *decoder, key string, v *yaml.Node) {
		if b, ok := d.boolean(key, v); ok {
			d.cfg.Fixes.UnsafeFixes = &b
		}
	}
	codes := func(set func(*Fixes, []selector)) field {
		return func(d *decoder, key string, v *yaml.Node) {
			if sels, ok := d.codes(key, v); ok {
				set(&d.cfg.Fixes, sels)
			}
		}
	}
	topFields["fixable"] = codes(func(f *Fixes, s []selector) { f.fixable = s })
	topFields["unfixable"] = codes(func(f *Fixes, s []selector) { f.unfixable = s })
	topFields["extend-safe-fixes"] = codes(func(f *Fixes, s []selector) { f.extendSafe = s })
	topFields["extend-unsafe-fixes"] = codes(func(f *Fixes, s []selector) { f.extendUnsafe = s })
}

// FixFor says whether the fixes of rule code may be applied and with which
// applicability, given the rule's own: unfixable beats fixable (the most
// specific selector deciding, as in select and ignore), and
// extend-unsafe-fixes beats extend-safe-fixes likewise.
func (c *Config) FixFor(code string, own finding.Applicability) (finding.Applicability, bool) {
	f := &c.Fixes
	if f.fixable != nil || f.unfixable != nil {
		pos := 0 // no "fixable" key: every rule
		if f.fixable != nil {
			pos = longest(f.fixable, code)
		}
		if neg := longest(f.unfixable, code); neg >= 0 && neg >= pos || pos < 0 {
			return own, false
		}
	}
	safe, unsafe := longest(f.extendSafe, code), longest(f.extendUnsafe, code)
	switch {
	case unsafe >= 0 && unsafe >= safe:
		return finding.Unsafe, true
	case safe >= 0:
		return finding.Safe, true
	}
	return own, true
}
