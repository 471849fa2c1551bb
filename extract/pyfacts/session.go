package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/extract/params"
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

// builderConfig records .config(k, v), .config(key=k, value=v),
// .config(map={...}) and .config(conf=SparkConf).
func (x *extractor) builderConfig(c callSite, a args) {
	at := x.span(c.nameStart(), c.call.End())
	if m, ok := a.kw("map"); ok {
		if g, ok := x.givenSettings(m.v); ok {
			x.giveFrom(g, "builder.config", at, at)
		}
		for _, s := range x.pairSettings(m.v, "builder.config", at) {
			x.recordSetting(s)
		}
		return
	}
	if conf, ok := a.kw("conf"); ok {
		if g, ok := x.givenSettings(conf.v); ok {
			x.giveFrom(g, "builder.config", at, at) // a SparkConf of a settings module or a parameter
		}
		x.passConf(conf.v, at)
		return
	}
	k, ok := a.get(0, "key")
	if !ok {
		return
	}
	v, _ := a.get(1, "value")
	x.eachSetting(k, v, "builder.config", at, at, x.recordSetting)
}

func (x *extractor) confMethod(c callSite, a args) val {
	if c.name == "get" {
		// a key's value, which a pipeline's configuration or a SET gives:
		// a string built from it names ${key}, which they fill
		if k, ok := a.get(0, "key"); ok {
			if key, ok := k.v.literalString(); ok && key != "" && !strings.ContainsAny(key, "{}$") {
				return val{kind: kConfValue, name: key}
			}
		}
		return val{}
	}
	if c.name != "set" {
		return val{}
	}
	k, ok := a.get(0, "key")
	if !ok {
		return val{}
	}
	v, _ := a.get(1, "value")
	x.eachSetting(k, v, "spark.conf.set", x.spanOf(c.call), x.span(c.nameStart(), c.call.End()), x.recordSetting)
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
	return val{}
}
