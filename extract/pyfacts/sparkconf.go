package pyfacts

import (
	"slices"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// sparkConf is a SparkConf object: the settings given it so far, which
// become the session's only when the object is passed to a builder
// (.config(conf=c)) or a SparkContext (SparkContext(conf=c)).
type sparkConf struct {
	settings []*facts.Setting // Span and At where each is given
	// given are the dicts of other modules given it (setAll(CONF.items())),
	// which the link step reads.
	given []facts.GivenSettings
}

// asDict is the SparkConf as a module constant other modules may import:
// the dict of its settings, known when every one is (a SparkConf that
// holds another module's dict is not).
func (sc *sparkConf) asDict() (facts.Arg, bool) {
	if len(sc.given) > 0 || len(sc.settings) == 0 {
		return facts.Arg{}, false
	}
	items := make([]facts.Value, 0, 2*len(sc.settings))
	for _, s := range sc.settings {
		if !s.Value.Known() {
			return facts.Arg{}, false
		}
		items = append(items, facts.Value{Kind: facts.String, Str: s.Key}, s.Value)
	}
	a := facts.Arg{Kind: facts.ArgDict}
	a.SetItems(items)
	return a, true
}

// clone is a copy of sc that settings given it later leave sc alone in.
func (sc *sparkConf) clone() *sparkConf {
	return &sparkConf{settings: slices.Clip(sc.settings), given: slices.Clip(sc.given)}
}

// entries is what a loop's key and value stand for (kEntry): every pair
// of a list known here, or every entry of another module's dict.
type entries struct {
	pairs *list
	given *facts.GivenSettings // the dict the link step finds, when not known here
}

// givenDict is the qualified name of another module's constant that v
// names (CONF, imported) or whose items v is (CONF.items()); "" for others.
func givenDict(v val) string {
	switch {
	case v.kind == kGivenItems && v.ref == nil, v.kind == kModule && projectName(v.name):
		return v.name
	}
	return ""
}

// givenSettings is how the link step finds the dict or SparkConf v stands for:
// another module's constant (Name), or the function's parameter (Param);
// false for a value known here or not at all.
func (x *extractor) givenSettings(v val) (facts.GivenSettings, bool) {
	if name := givenDict(v); name != "" {
		return facts.GivenSettings{Name: name}, true
	}
	if lc, ok := v.ref.(*linkedCall); ok && (v.kind == kUnknown || v.kind == kConf) && lc.call.CalleeParam == 0 && !lc.changed {
		// make_conf(), a function of another module: what it returns
		// whatever its arguments, when that is a dict or SparkConf
		return facts.GivenSettings{Name: lc.call.Callee + "()"}, true
	}
	if v.kind == kGivenItems {
		v = val{kind: kUnknown, ref: v.ref} // p.items() of a parameter p
	}
	if r, ok := x.paramRefOf(v); ok && r.attr == "" {
		return facts.GivenSettings{Param: r.i + 1}, true
	}
	return facts.GivenSettings{}, false
}

// giveFrom records settings given from g (see given), for the link step
// to fill in: in the function's summary when g is a parameter.
func (x *extractor) giveFrom(g facts.GivenSettings, via string, span, at facts.Span) {
	g.Via, g.Span, g.At = via, span, at
	if g.Param > 0 {
		if f := x.fn; f != nil {
			f.sum.Given = append(f.sum.Given, g)
		}
		return
	}
	s := x.summary()
	s.Given = append(s.Given, g)
}

// sparkConfClasses are the qualified names of the SparkConf class.
var sparkConfClasses = map[string]bool{"pyspark.SparkConf": true, "pyspark.conf.SparkConf": true}

// sparkConfMethod applies c.set(k, v), c.setAll(pairs), c.setIfMissing(k, v)
// and the other SparkConf setters, which return the object for chaining.
func (x *extractor) sparkConfMethod(obj val, c callSite, a args) val {
	sc, ok := obj.ref.(*sparkConf)
	if !ok {
		return val{}
	}
	at := x.span(c.nameStart(), c.call.End())
	switch c.name {
	case "set", "setIfMissing":
		k, ok := a.get(0, "key")
		if !ok {
			return obj
		}
		v, _ := a.get(1, "value")
		x.eachSetting(k, v, "SparkConf."+c.name, at, at, func(s *facts.Setting) { sc.settings = append(sc.settings, s) })
	case "setAll":
		if p, ok := a.get(0, "pairs"); ok {
			if g, ok := x.givenSettings(p.v); ok {
				g.Via, g.At = "SparkConf.setAll", at
				sc.given = append(sc.given, g)
			}
			sc.settings = append(sc.settings, x.pairSettings(p.v, "SparkConf.setAll", at)...)
		}
	case "get", "getAll", "contains", "toDebugString":
		return val{}
	}
	return obj
}

// passConf records the settings of a SparkConf given a session at span
// (builder.config(conf=c), SparkContext(conf=c)): they hold from there,
// each cited where it was set.
func (x *extractor) passConf(v val, span facts.Span) {
	sc, ok := v.ref.(*sparkConf)
	if v.kind != kSparkConf || !ok {
		return
	}
	for _, s := range sc.settings {
		given := *s
		given.Span = span
		x.recordSetting(&given)
	}
	for _, g := range sc.given {
		x.giveFrom(g, g.Via, span, g.At)
	}
}

// contextConf records the SparkConf a SparkContext is made with:
// SparkContext(conf=c), SparkContext.getOrCreate(c).
func (x *extractor) contextConf(c callSite, a args, pos int) {
	g, ok := a.kw("conf")
	if !ok && pos >= 0 {
		g, ok = a.pos(pos)
	}
	if !ok {
		return
	}
	at := x.span(c.nameStart(), c.call.End())
	if given, ok := x.givenSettings(g.v); ok {
		x.giveFrom(given, "SparkContext", at, at) // a SparkConf of a settings module or a parameter
	}
	x.passConf(g.v, at)
}

// eachSetting gives emit the settings of k = v: one when k is a known
// key, one per pair when k and v are a loop's key and value over known
// pairs (for k, v in CONF.items(): builder.config(k, v)).
func (x *extractor) eachSetting(k, v arg, via string, span, at facts.Span, emit func(*facts.Setting)) {
	if k.v.kind == kEntry && k.v.name == "key" {
		each, _ := k.v.ref.(*entries)
		if each == nil {
			return
		}
		if each.given != nil {
			x.giveFrom(*each.given, via, span, at)
			return
		}
		sameLoop := v.v.kind == kEntry && v.v.name == "value" && v.v.ref == k.v.ref
		for _, p := range each.pairs.items {
			kv := p.items()
			key, ok := kv[0].literalString()
			if !ok {
				continue
			}
			value := facts.Value{Span: span}
			if sameLoop {
				value = kv[1].value(kv[1].span)
			}
			emit(&facts.Setting{Key: key, Value: value, Via: via, Lang: document.Python, Span: span, At: at})
		}
		return
	}
	key, ok := k.v.literalString()
	if !ok {
		return
	}
	value := facts.Value{}
	if v.n.Valid() {
		value = v.v.value(x.spanOf(v.n))
	}
	emit(&facts.Setting{Key: key, Value: value, Via: via, Lang: document.Python, Span: span, At: at})
}

// pairSettings are the settings of a list of (key, value) pairs or a dict
// (setAll([("k", "v")]), setAll(CONF.items()), config(map=CONF)), each at at.
func (x *extractor) pairSettings(v val, via string, at facts.Span) []*facts.Setting {
	if v.kind == kDict {
		v = x.dictItems(v)
	}
	if !settingPairs(v) {
		return nil
	}
	var out []*facts.Setting
	for _, p := range v.items() {
		kv := p.items()
		key, ok := kv[0].literalString()
		if !ok {
			continue
		}
		out = append(out, &facts.Setting{
			Key: key, Value: kv[1].value(kv[1].span), Via: via,
			Lang: document.Python, Span: at, At: at,
		})
	}
	return out
}

// settingPairs reports whether v is a list of (key, value) pairs, as
// dict.items() gives; pairs whose key is not a known string are skipped
// by their readers, and a dict's splat leaves the others known.
func settingPairs(v val) bool {
	if v.kind != kList || len(v.items()) == 0 {
		return false
	}
	for _, p := range v.items() {
		if p.kind != kList || p.open || len(p.items()) != 2 {
			return false
		}
	}
	return true
}

// dictItems is d.items() of a known dict: its (key, value) pairs, open
// when the dict holds a splat.
func (x *extractor) dictItems(d val) val {
	if d.kind != kDict {
		return val{}
	}
	entries := d.items()
	pairs := make([]item, 0, len(entries)/2)
	for i := 0; i+1 < len(entries); i += 2 {
		pair := x.withItems(val{kind: kList}, []item{entries[i], entries[i+1]})
		pairs = append(pairs, item{val: pair, span: entries[i].span})
	}
	return x.withItems(val{kind: kList, open: d.open}, pairs)
}

// loopEntry is what `for k, v in pairs` binds its targets to when pairs
// are known settings-like pairs: each target stands for every pair's key
// or value, which a setter in the body reads as one setting per pair.
func (x *extractor) loopEntry(iter val) (val, bool) {
	var ref *entries
	switch {
	case iter.kind == kGivenItems:
		g, ok := x.givenSettings(iter)
		if !ok {
			return val{}, false
		}
		ref = &entries{given: &g}
	case settingPairs(iter):
		ref = &entries{pairs: iter.ref.(*list)}
	default:
		return val{}, false
	}
	return x.withItems(val{kind: kList}, []item{
		{val: val{kind: kEntry, name: "key", ref: ref}},
		{val: val{kind: kEntry, name: "value", ref: ref}},
	}), true
}
