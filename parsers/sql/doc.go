// Package sql reads the Spark and Databricks SQL that lakelint cares about:
// table definitions and their properties, writes, settings and maintenance
// statements. It is a small, error-tolerant tokenizer and statement parser,
// not a full grammar: statements of other kinds are kept as *Other, and a
// clause it does not know is passed over (recorded in Head.Gaps) rather than
// failing the statement.
//
// Names may be three-part (main.sales.events), backticked, paths
// (delta.`/mnt/t`), IDENTIFIER(...) clauses, or hold notebook and Python
// placeholders (${var}, :param, {name}), which are kept as written. Every
// token and AST node carries byte offsets into the parsed text.
package sql
