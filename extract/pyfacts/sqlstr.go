package pyfacts

import (
	"bytes"
	"cmp"
	"slices"
	"sort"
	"strings"

	"github.com/lakelint/lakelint/extract/sqlfacts"
	"github.com/lakelint/lakelint/facts"

	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// embedSQL returns a string passed to spark.sql() as a SQL region, once per
// string however often it runs.
func (x *extractor) embedSQL(v val) {
	if v.kind != kStr {
		return
	}
	var d python.Decoded
	var key sqlKey
	if v.ref == nil { // a plain literal: its map is made only if it is new
		key = sqlKey{start: int(v.at), text: v.name}
	} else {
		d = v.str()
		key = sqlKey{start: d.Map.File(0), text: d.Text}
	}
	if strings.TrimSpace(key.text) == "" {
		return
	}
	if x.work.sqlSeen == nil {
		x.work.sqlSeen = make(map[sqlKey]bool)
	}
	if x.work.sqlSeen[key] {
		return
	}
	x.work.sqlSeen[key] = true
	if v.ref == nil {
		d = v.str()
	}
	if x.fn != nil && len(d.Holes) > 0 {
		x.sqlTemplate(d)
	}
	r := &document.Region{
		Lang:       document.SQL,
		Text:       []byte(d.Text),
		Map:        d.Map,
		Cell:       x.r.Cell,
		LinePrefix: x.prefixAt(key.start),
		Embedded:   true,
		KeepGaps:   d.KeepGaps,
	}
	x.sql = append(x.sql, r)
	x.viewFed(r)
	if x.opts.Defaults != nil && len(x.cliHoles) > 0 {
		x.opts.Defaults[r] = Defaults{slices.Clone(x.cliHoles)}
	}
	if x.opts.InLoop != nil && x.inLoop.End != 0 && writeSQL(r.Text) {
		x.opts.InLoop[r] = LoopAt{x.inLoop, x.loopItems, x.loopWhile}
	}
	if x.fn != nil && len(d.Holes) == 0 {
		x.functionSQLWrites(r)
	}
}

// carriedSQL reads the Delta maintenance statements (OPTIMIZE, VACUUM) a
// call hands to something other than spark.sql to run: a Databricks SQL
// cursor's execute, a scheduler's task (sql_query=..., sql=...), a job's
// command line (["--query", sql]). Only those: their words are Delta's
// alone, where an INSERT handed to an unknown runner may be any
// database's.
func (x *extractor) carriedSQL(c callSite, a args) {
	for _, g := range a {
		switch {
		case g.name != "" && sqlArgNames[strings.ToLower(g.name)]:
			x.maintenanceSQL(g.v)
		case g.isPositional() && c.name == "execute":
			x.maintenanceSQL(g.v)
		case g.splat == 0 && g.v.kind == kList:
			its := g.v.items()
			for i := 1; i < len(its); i++ {
				if s, ok := its[i-1].literalString(); ok && sqlFlags[s] {
					x.maintenanceSQL(its[i].val)
				}
			}
		}
	}
}

var (
	sqlArgNames = map[string]bool{"sql": true, "query": true, "sql_query": true, "sqlquery": true, "statement": true, "sql_statement": true}
	sqlFlags    = map[string]bool{"--query": true, "--sql": true, "-e": true, "-q": true}
)

// carriedConf records the Spark settings a call gives another job: a
// command line's "--conf", "k=v" (or a ("conf", "k=v") pair, or "--conf
// k=v" inside one string), a spark_conf={"spark.k": "v"} or conf={...}
// however deep in the job's settings. They are not this file's session's
// (facts.File.OtherSettings).
func (x *extractor) carriedConf(a args) {
	for _, g := range a {
		switch {
		case g.splat != 0:
		case (g.name == "spark_conf" || g.name == "conf") && g.v.kind == kDict:
			x.confDict(g.v)
		case g.v.kind == kStr:
			x.confLine(item{g.v, x.spanOf(g.n)})
		default:
			x.confIn(g.v, 0)
		}
	}
}

// confLine records the --conf k=v of a command line written as one string.
func (x *extractor) confLine(it item) {
	s, ok := it.literalString()
	if !ok || !strings.Contains(s, "--conf") {
		return
	}
	words := strings.Fields(s)
	for i := 1; i < len(words); i++ {
		if words[i-1] == "--conf" {
			x.confPair(item{val{kind: kStr, name: strings.Trim(words[i], `"'`)}, it.span})
		}
	}
}

func (x *extractor) confIn(v val, depth int) {
	if depth > 4 || v.kind != kList && v.kind != kDict {
		return
	}
	its := v.items()
	if v.kind == kDict {
		for i := 0; i+1 < len(its); i += 2 {
			if k, _ := its[i].literalString(); k == "spark_conf" && its[i+1].kind == kDict {
				x.confDict(its[i+1].val)
			} else {
				x.confIn(its[i+1].val, depth+1)
			}
		}
		return
	}
	for i, it := range its {
		if i > 0 {
			if flag, _ := its[i-1].literalString(); flag == "--conf" {
				x.confPair(it)
				continue
			}
		}
		if pair := it.items(); it.kind == kList && len(pair) == 2 {
			if flag, _ := pair[0].literalString(); flag == "conf" || flag == "--conf" {
				x.confPair(pair[1])
				continue
			}
		}
		x.confIn(it.val, depth+1)
	}
}

// confPair records "k=v" given to --conf.
func (x *extractor) confPair(it item) {
	s, ok := it.literalString()
	if !ok {
		return
	}
	k, v, ok := strings.Cut(s, "=")
	if !ok || !strings.HasPrefix(strings.TrimSpace(k), "spark.") {
		return
	}
	x.otherSetting(strings.TrimSpace(k), facts.Value{Kind: facts.String, Str: strings.TrimSpace(v), Span: it.span}, "--conf", it.span)
}

// confDict records a spark_conf dict's settings.
func (x *extractor) confDict(d val) {
	its := d.items()
	for i := 0; i+1 < len(its); i += 2 {
		if k, ok := its[i].literalString(); ok && strings.HasPrefix(k, "spark.") {
			x.otherSetting(k, its[i+1].value(its[i+1].span), "spark_conf", its[i].span)
		}
	}
}

func (x *extractor) otherSetting(key string, v facts.Value, via string, at facts.Span) {
	x.file.OtherSettings = append(x.file.OtherSettings, &facts.Setting{Key: key, Value: v, Via: via, Lang: document.Python, Span: at, At: at})
}

// maintenanceSQL embeds v when it is an OPTIMIZE or VACUUM statement.
func (x *extractor) maintenanceSQL(v val) {
	if v.kind != kStr {
		return
	}
	text := v.name
	if v.ref != nil {
		text = v.str().Text
	}
	text = strings.TrimLeft(text, " \t\r\n(")
	n := 0
	for n < len(text) && (text[n]|0x20 >= 'a' && text[n]|0x20 <= 'z') {
		n++
	}
	switch strings.ToUpper(text[:n]) {
	case "OPTIMIZE", "VACUUM":
		x.embedSQL(v)
	}
}

// functionSQLWrites makes the writes of a literal SQL statement a function
// runs (an INSERT or MERGE through spark.sql, batch_df.sparkSession.sql)
// the function's own: a foreachBatch function's are the batch's writes, a
// helper's are made at each call. The file's facts have them already, from
// the region.
func (x *extractor) functionSQLWrites(r *document.Region) {
	if !writeSQL(r.Text) {
		return
	}
	for _, w := range sqlfacts.Extract(r).Writes {
		w.Loop, w.LoopItems, w.LoopWhile = x.inLoop, x.loopItems, x.loopWhile
		x.fn.sum.Writes = push(&x.writeLists, x.fn.sum.Writes, w)
	}
}

// writeSQL reports whether SQL text may hold a write, before it is read.
func writeSQL(text []byte) bool {
	for _, kw := range []string{"insert", "merge", "update", "delete", "INSERT", "MERGE", "UPDATE", "DELETE"} {
		if bytes.Contains(text, []byte(kw)) {
			return true
		}
	}
	return false
}

// prefixAt is the line prefix of the Python region holding document offset
// off (the first such region, in order): a line added inside a string there
// needs it too. The regions' spans are sorted once, not scanned per string:
// a notebook can have a hundred thousand cells, each with a string.
func (x *extractor) prefixAt(off int) string {
	if x.spans == nil {
		x.spans = make([]regionSpan, len(x.regions))
		for i, r := range x.regions {
			start, end := r.Span()
			x.spans[i] = regionSpan{start: start, end: end, order: i}
		}
		slices.SortStableFunc(x.spans, func(a, b regionSpan) int { return cmp.Compare(a.start, b.start) })
		reach := -1
		for i := range x.spans {
			reach = max(reach, x.spans[i].end)
			x.spans[i].reach = reach
		}
	}
	found := -1
	// the spans starting at or before off, last first, while one may still reach it
	for i := sort.Search(len(x.spans), func(i int) bool { return x.spans[i].start > off }) - 1; i >= 0 && x.spans[i].reach >= off; i-- {
		if s := x.spans[i]; off <= s.end && (found < 0 || s.order < found) {
			found = s.order
		}
	}
	if found < 0 {
		return x.r.LinePrefix
	}
	return x.regions[found].LinePrefix
}

// regionSpan is a Python region's document span, for prefixAt: order is
// its index in extractor.regions, reach the furthest end of it and the
// spans before it.
type regionSpan struct{ start, end, order, reach int }

// strFormat applies "...{}...".format(args): fields whose argument is a
// known constant are substituted, the rest kept as holes.
func (x *extractor) strFormat(tmpl val, a args) val {
	b, was := x.newString()
	ok := x.formatInto(b, tmpl, a)
	return x.endString(b, was, ok, false)
}

// strJoin applies sep.join(items) to a list or tuple of known strings
// (clauses of a DDL statement, partition columns): the text keeps each
// item's place in the document, so facts read from it point at the items.
func (x *extractor) strJoin(sep val, a args) val {
	g, ok := a.pos(0)
	if !ok || len(a) != 1 || g.v.kind != kList || g.v.open {
		return val{}
	}
	items := g.v.items()
	for _, it := range items {
		if it.kind != kStr {
			return val{}
		}
	}
	b, was := x.newString()
	var sseg, iseg [1]document.Segment
	s := sep.strLocal(&sseg)
	for i, it := range items {
		if i > 0 {
			b.Append(s, 0, len(s.Text))
		}
		t := it.strLocal(&iseg)
		b.Append(t, 0, len(t.Text))
	}
	return x.endString(b, was, true, false)
}

// formatInto builds strFormat's text in b; false when it is not followed.
func (x *extractor) formatInto(b *python.Builder, tmpl val, a args) bool {
	var seg [1]document.Segment
	t := tmpl.strLocal(&seg)
	s := t.Text
	auto := 0
	run := 0
	for i := 0; i < len(s); {
		c := s[i]
		if (c == '{' || c == '}') && i+1 < len(s) && s[i+1] == c {
			b.Append(t, run, i)
			b.Value(string(c))
			i += 2
			run = i
			continue
		}
		if c == '}' {
			return false // a lone "}" is an error in Python
		}
		if c != '{' {
			i++
			continue
		}
		end := strings.IndexAny(s[i+1:], "{}")
		if end < 0 || s[i+1+end] != '}' {
			return false // unclosed or nested fields are not followed
		}
		end += i + 2
		b.Append(t, run, i)
		field, spec := s[i+1:end-1], false
		if k := strings.IndexAny(field, "!:"); k >= 0 {
			field, spec = field[:k], true // conversions and format specs change the text
		}
		var g arg
		found := false
		switch {
		case field == "":
			g, found = a.pos(auto)
			auto++
		case isDigits(field):
			g, found = a.pos(atoi(field))
		case isIdentifier(field):
			g, found = a.kw(field)
		}
		text, known := "", false
		if found && !spec {
			text, known = g.v.pyText()
			if !known && x.fn != nil {
				x.noteStringHole(x.textSpan(t.Map, i, end), g.v)
			}
		}
		switch w, isWidget := widgetText(g.v); {
		case known:
			b.Value(text)
		case found && !spec && isWidget:
			b.ValueHole(w)
		default:
			b.AppendHole(t, i, end)
		}
		i, run = end, end
	}
	b.Append(t, run, len(s))
	return true
}

// percentFormat applies "..." % args for %s, %d and %i with no flags; other
// conversions become holes.
func (x *extractor) percentFormat(l, r val, n python.Node) val {
	if l.kind != kStr {
		return val{}
	}
	var items []item
	var mapping val
	switch right := n.ChildByFieldID(fRight); {
	case right.Is("tuple") || (right.Is("parenthesized_expression") && right.NamedChild(0).Is("tuple")):
		items = r.items()
	case r.kind == kDict:
		mapping = r
	default:
		items = []item{{val: r}}
	}
	b, was := x.newString()
	ok := x.percentInto(b, l, items, mapping)
	return x.endString(b, was, ok, true)
}

// percentInto builds percentFormat's text in b; false when it is not followed.
func (x *extractor) percentInto(b *python.Builder, l val, items []item, mapping val) bool {
	var seg [1]document.Segment
	t := l.strLocal(&seg)
	s := t.Text
	next, run := 0, 0
	for i := 0; i < len(s); {
		if s[i] != '%' {
			i++
			continue
		}
		b.Append(t, run, i)
		j := i + 1
		if j < len(s) && s[j] == '%' {
			b.Value("%")
			i, run = j+1, j+1
			continue
		}
		key := ""
		if j < len(s) && s[j] == '(' {
			k := strings.IndexByte(s[j:], ')')
			if k < 0 {
				return false
			}
			key, j = s[j+1:j+k], j+k+1
		}
		plain := true
		for j < len(s) && strings.IndexByte("#0- +*.0123456789hlL", s[j]) >= 0 {
			if s[j] == '*' {
				next = len(items) + 1 // "*" takes an argument too: stop matching them up
			}
			plain = false
			j++
		}
		if j >= len(s) {
			return false
		}
		conv := s[j]
		j++
		var v val
		have := false
		if key != "" {
			v, have = dictGet(mapping, key)
		} else if next < len(items) {
			v, have = items[next].val, true
			next++
		}
		text, known := "", false
		if have && plain {
			switch conv {
			case 's':
				text, known = v.pyText()
			case 'd', 'i':
				if n, ok := v.intValue(); ok {
					text, known = formatInt(n), true
				}
			}
		}
		switch w, isWidget := widgetText(v); {
		case known:
			b.Value(text)
		case have && plain && conv == 's' && isWidget:
			b.ValueHole(w)
		default:
			b.AppendHole(t, i, j)
		}
		i, run = j, j
	}
	b.Append(t, run, len(s))
	return true
}

func dictGet(d val, key string) (val, bool) {
	if d.kind != kDict && d.kind != kObject {
		return val{}, false
	}
	items := d.items()
	found, ok := val{}, false
	for i := 0; i+1 < len(items); i += 2 {
		k, lit := items[i].literalString()
		if !lit {
			return val{}, false // a key not known might be this one
		}
		if k == key {
			found, ok = items[i+1].val, true // the last of a repeated key wins, as in Python
		}
	}
	return found, ok
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func atoi(s string) int {
	n := 0
	for i := 0; i < len(s) && n < 1<<20; i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

func isIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' || c >= 0x80 {
			continue
		}
		return false
	}
	return s != ""
}

// tempViews are the DataFrame methods that name it as a temporary view.
var tempViews = map[string]bool{
	"createOrReplaceTempView": true, "createTempView": true,
	"createGlobalTempView": true, "createOrReplaceGlobalTempView": true,
}

// noteView remembers the DataFrame obj is named as a view by a, or forgets
// the name when what the DataFrame is is not known.
func (x *extractor) noteView(obj val, a args) {
	g, ok := a.get(0, "viewName")
	if !ok || x.opts.ViewFed == nil {
		return
	}
	name, ok := g.v.literalString()
	if !ok {
		return
	}
	if x.views == nil {
		x.views = map[string]*hist{}
	}
	x.views[strings.ToLower(name)] = obj.history() // nil: not known
}

// viewFed gives Options.ViewFed the operations that made the view SQL
// region r creates or fills a table from.
func (x *extractor) viewFed(r *document.Region) {
	if len(x.views) == 0 {
		return
	}
	name, ok := viewSource(string(r.Text))
	if !ok {
		return
	}
	if h := x.views[name]; h != nil {
		if ts := h.list(&x.edits); len(ts) > 0 {
			x.opts.ViewFed[r] = ts
		}
	}
}

// viewSource is the one name a CREATE ... AS SELECT or INSERT ... SELECT
// reads from, lower-cased, when its query only picks and filters rows of
// it: a join, an aggregation, a sort, a union or a window reshapes the rows
// again, and then the view's partitioning no longer decides the files.
func viewSource(sql string) (string, bool) {
	fields := strings.Fields(strings.ToLower(sql))
	if len(fields) < 4 || (fields[0] != "create" && fields[0] != "insert") {
		return "", false
	}
	from := -1
	for i, f := range fields {
		switch f {
		case "join", "group", "distinct", "union", "intersect", "except", "order", "sort", "cluster", "distribute", "over", "limit":
			return "", false
		case "from":
			if from >= 0 {
				return "", false // a subquery or a second source
			}
			from = i
		}
		if strings.Contains(f, "over(") || strings.Contains(f, "(select") {
			return "", false
		}
	}
	if from < 0 || from+1 >= len(fields) {
		return "", false
	}
	sel := false
	for _, f := range fields[:from] {
		if f == "select" {
			sel = true
		}
	}
	name := strings.Trim(fields[from+1], "`;()")
	if !sel || strings.Contains(fields[from+1], ",") || (from+2 < len(fields) && strings.HasPrefix(fields[from+2], ",")) || !isIdentifier(name) {
		return "", false
	}
	return name, true
}
