package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

func (x *extractor) sessionMethod(c callSite, a args) val {
	switch c.name {
	case "sql":
		if g, ok := a.get(0, "sqlQuery"); ok {
			x.embedSQL(g.v)
		}
		return val{kind: kFrame}
	case "table":
		rd := x.work.readers.Take(4)
		return streamFrame(x.finishRead(rd, c, a, "table"))
	case "newSession":
		return val{kind: kSession}
	case "createDataFrame", "range":
		return val{kind: kFrame}
	case "stop", "getActiveSession", "active", "addArtifacts", "interruptAll":
		return val{}
	}
	// not a session method: the name that looked like a session's is a DataFrame's
	return x.frameMethod(val{}, c, a, -1)
}

func (x *extractor) builderMethod(c callSite, a args) val {
	switch c.name {
	case "config":
		x.builderConfig(c, a)
		return val{kind: kBuilder}
	case "getOrCreate", "create":
		return val{kind: kSession}
	}
	// appName, master, enableHiveSupport, remote...
	return val{kind: kBuilder}
}

// builderConfig records .config(k, v), .config(key=k, value=v) and
// .config(map={...}); .config(conf=SparkConf) is not followed.
func (x *extractor) builderConfig(c callSite, a args) {
	at := x.span(c.nameStart(), c.call.End())
	if m, ok := a.kw("map"); ok {
		x.settingsFromDict(m.v, "builder.config", at)
		return
	}
	k, ok := a.get(0, "key")
	if !ok {
		return
	}
	v, _ := a.get(1, "value")
	x.setting(k, v, "builder.config", at, at)
}

func (x *extractor) confMethod(c callSite, a args) {
	if c.name != "set" {
		return
	}
	k, ok := a.get(0, "key")
	if !ok {
		return
	}
	v, _ := a.get(1, "value")
	x.setting(k, v, "spark.conf.set", x.spanOf(c.call), x.span(c.nameStart(), c.call.End()))
	if key, ok := k.v.literalString(); ok {
		// ${key} in SQL reads the session's conf
		g := params.Given{Source: params.Conf, Name: strings.TrimSpace(key)}
		switch {
		case v.v.kind == kWidget:
			g.Widget = v.v.name
		case v.n.Valid():
			g.Value, g.Known = v.v.literalString()
		}
		x.give(g)
	}
}

func (x *extractor) setting(k, v arg, via string, span, at facts.Span) {
	key, ok := k.v.literalString()
	if !ok {
		return
	}
	value := facts.Value{}
	if v.n.Valid() {
		value = v.v.value(x.spanOf(v.n))
	}
	x.recordSetting(&facts.Setting{
		Key: x.lower(strings.TrimSpace(key)), Value: value, Via: via,
		Lang: document.Python, Span: span, At: at,
	})
}

func (x *extractor) settingsFromDict(d val, via string, at facts.Span) {
	if d.kind != kDict {
		return
	}
	items := d.items()
	for i := 0; i+1 < len(items); i += 2 {
		key, ok := items[i].literalString()
		if !ok {
			continue
		}
		vv := items[i+1]
		x.recordSetting(&facts.Setting{
			Key: x.lower(strings.TrimSpace(key)), Value: vv.value(vv.span), Via: via,
			Lang: document.Python, Span: at, At: at,
		})
	}
}
