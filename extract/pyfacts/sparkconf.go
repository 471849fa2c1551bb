package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// sparkConf is a SparkConf object: the settings given it so far, which
// become the session's only when the object is passed to a builder
// (.config(conf=c)) or a SparkContext (SparkContext(conf=c)).
type sparkConf struct {
	settings []*facts.Setting // Span and At where each is given
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
			for _, s := range x.pairSettings(p.v, "SparkConf.setAll", at) {
				sc.settings = append(sc.settings, s)
			}
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
}

// contextConf records the SparkConf a SparkContext is made with:
// SparkContext(conf=c), SparkContext.getOrCreate(c).
func (x *extractor) contextConf(c callSite, a args, pos int) {
	g, ok := a.kw("conf")
	if !ok && pos >= 0 {
		g, ok = a.pos(pos)
	}
	if ok {
		x.passConf(g.v, x.span(c.nameStart(), c.call.End()))
	}
}

// eachSetting gives emit the settings of k = v: one when k is a known
// key, one per pair when k and v are a loop's key and value over known
// pairs (for k, v in CONF.items(): builder.config(k, v)).
func (x *extractor) eachSetting(k, v arg, via string, span, at facts.Span, emit func(*facts.Setting)) {
	if k.v.kind == kEntry && k.v.name == "key" {
		pairs, _ := k.v.ref.(*list)
		if pairs == nil {
			return
		}
		sameLoop := v.v.kind == kEntry && v.v.name == "value" && v.v.ref == k.v.ref
		for _, p := range pairs.items {
			kv := p.items()
			key, ok := kv[0].literalString()
			if !ok {
				continue
			}
			value := facts.Value{Span: span}
			if sameLoop {
				value = kv[1].value(kv[1].span)
			}
			emit(&facts.Setting{Key: x.lower(strings.TrimSpace(key)), Value: value, Via: via, Lang: document.Python, Span: span, At: at})
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
	emit(&facts.Setting{Key: x.lower(strings.TrimSpace(key)), Value: value, Via: via, Lang: document.Python, Span: span, At: at})
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
			Key: x.lower(strings.TrimSpace(key)), Value: kv[1].value(kv[1].span), Via: via,
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
	if !settingPairs(iter) {
		return val{}, false
	}
	ref := iter.ref
	return x.withItems(val{kind: kList}, []item{
		{val: val{kind: kEntry, name: "key", ref: ref}},
		{val: val{kind: kEntry, name: "value", ref: ref}},
	}), true
}
