package sql

// copySource is the one table a query starting at code index q reads when
// the query only picks, filters and computes columns of its rows:
//
//	SELECT [ALL] items FROM t [VERSION|TIMESTAMP AS OF x] [[AS] alias] [WHERE predicate]
//	TABLE t
//
// with no join, aggregate, DISTINCT, sort, window, set operation, LIMIT,
// subquery, common table expression or hint. Spark plans such a query
// without a shuffle, so what it writes keeps the files of t. Nil otherwise.
func (p *parser) copySource(q int) *Name {
	if len(p.hints) > 0 || len(p.code) == 0 || p.code[0].Is(p.src, "WITH") {
		return nil
	}
	save := p.pos
	defer func() { p.pos = save }()
	p.pos = q
	if p.accept("TABLE") {
		name, ok := p.name()
		if !ok || !p.done() {
			return nil
		}
		return &name
	}
	if !p.accept("SELECT") {
		return nil
	}
	p.accept("ALL")
	if !p.narrowUntil("FROM") || !p.accept("FROM") {
		return nil
	}
	name, ok := p.name()
	if !ok || p.atPunct("(") || p.atPunct(".") {
		return nil // a table-valued function (read_files, STREAM), or more than a name
	}
	if (p.at("VERSION") || p.at("TIMESTAMP")) && p.peekIs(1, "AS") && p.peekIs(2, "OF") {
		p.pos += 4 // the table as of a version: the same files, or older ones
	}
	p.accept("AS")
	if t := p.tok(0); t.Kind == QuotedIdent || t.Kind == Ident && !t.Is(p.src, "WHERE") && !inSet(afterTable, p.src, t) {
		p.pos++ // the alias
	}
	if p.done() {
		return &name
	}
	if !p.accept("WHERE") || !p.narrowUntil("") {
		return nil
	}
	return &name
}

// narrowUntil moves over the tokens of a select list or a predicate up to
// the bare word stop at depth 0 ("" for the end), and reports whether all
// of them only compute values row by row.
func (p *parser) narrowUntil(stop string) bool {
	depth := 0
	for ; !p.done(); p.pos++ {
		t := p.tok(0)
		switch {
		case t.IsPunct(p.src, "("):
			depth++
		case t.IsPunct(p.src, ")"):
			if depth--; depth < 0 {
				return false
			}
		case depth == 0 && stop != "" && t.Is(p.src, stop):
			return true
		case t.Is(p.src, "EXCEPT") && p.pos > 0 && p.code[p.pos-1].IsPunct(p.src, "*"):
			// SELECT * EXCEPT (c): a projection
		case inSet(wideWords, p.src, t):
			return false
		case inSet(aggregates, p.src, t) && p.tok(1).IsPunct(p.src, "("):
			return false
		}
	}
	return stop == "" && depth == 0
}

// wideWords start what makes a query more than a row-by-row copy: a join,
// a grouping, a sort, a window, a set operation, a limit, a subquery.
var wideWords = map[string]bool{
	"SELECT": true, "JOIN": true, "GROUP": true, "HAVING": true, "DISTINCT": true,
	"ORDER": true, "SORT": true, "CLUSTER": true, "DISTRIBUTE": true, "OVER": true,
	"WINDOW": true, "UNION": true, "INTERSECT": true, "EXCEPT": true, "MINUS": true,
	"LIMIT": true, "OFFSET": true, "QUALIFY": true, "LATERAL": true, "PIVOT": true,
	"UNPIVOT": true, "TABLESAMPLE": true, "EXISTS": true,
}

// afterTable are the words that may follow a table in FROM and are no alias.
var afterTable = map[string]bool{
	"JOIN": true, "INNER": true, "LEFT": true, "RIGHT": true, "FULL": true, "CROSS": true,
	"NATURAL": true, "ANTI": true, "SEMI": true, "GROUP": true, "ORDER": true, "SORT": true,
	"CLUSTER": true, "DISTRIBUTE": true, "LIMIT": true, "OFFSET": true, "UNION": true,
	"EXCEPT": true, "INTERSECT": true, "MINUS": true, "WINDOW": true, "LATERAL": true,
	"PIVOT": true, "UNPIVOT": true, "HAVING": true, "QUALIFY": true, "TABLESAMPLE": true,
}

// aggregates are Spark's aggregate functions: called in a query with no
// GROUP BY they still aggregate, through a shuffle.
var aggregates = map[string]bool{
	"COUNT": true, "SUM": true, "AVG": true, "MEAN": true, "MIN": true, "MAX": true,
	"COLLECT_LIST": true, "COLLECT_SET": true, "ARRAY_AGG": true, "FIRST": true, "LAST": true,
	"FIRST_VALUE": true, "LAST_VALUE": true, "ANY_VALUE": true, "APPROX_COUNT_DISTINCT": true,
	"APPROX_PERCENTILE": true, "PERCENTILE": true, "PERCENTILE_APPROX": true, "PERCENTILE_CONT": true,
	"PERCENTILE_DISC": true, "MEDIAN": true, "MODE": true, "STDDEV": true, "STDDEV_POP": true,
	"STDDEV_SAMP": true, "STD": true, "VARIANCE": true, "VAR_POP": true, "VAR_SAMP": true,
	"COVAR_POP": true, "COVAR_SAMP": true, "CORR": true, "SKEWNESS": true, "KURTOSIS": true,
	"BOOL_AND": true, "BOOL_OR": true, "EVERY": true, "SOME": true, "ANY": true, "BIT_AND": true,
	"BIT_OR": true, "BIT_XOR": true, "COUNT_IF": true, "COUNT_MIN_SKETCH": true, "MAX_BY": true,
	"MIN_BY": true, "HISTOGRAM_NUMERIC": true, "HLL_SKETCH_AGG": true, "HLL_UNION_AGG": true,
	"LISTAGG": true, "STRING_AGG": true, "REGR_COUNT": true, "REGR_AVGX": true, "REGR_AVGY": true,
	"REGR_SLOPE": true, "REGR_INTERCEPT": true, "REGR_R2": true, "REGR_SXX": true, "REGR_SXY": true,
	"REGR_SYY": true, "TRY_AVG": true, "TRY_SUM": true, "GROUPING": true, "GROUPING_ID": true,
	"BITMAP_CONSTRUCT_AGG": true, "BITMAP_OR_AGG": true,
}
