package sql

import (
	"fmt"
	"strings"
)

// describe renders what the parser read of a statement on one line, for
// golden files and failure messages.
func describe(src []byte, st Statement) string {
	var b strings.Builder
	h := st.Header()
	fmt.Fprintf(&b, "%s kw=%q", h.Kind, src[h.Keyword.Start:h.Keyword.End])
	text := func(s Span) string { return string(src[s.Start:s.End]) }
	switch st := st.(type) {
	case *CreateTable:
		fmt.Fprintf(&b, " %q %s", st.Table.String(), describeName(st.Name))
		for _, f := range []struct {
			on   bool
			name string
		}{{st.IfNotExists, "if-not-exists"}, {st.OrRefresh, "or-refresh"}, {st.Temporary, "temporary"}, {st.External, "external"}, {st.Live, "live"}} {
			if f.on {
				b.WriteString(" " + f.name)
			}
		}
		if len(st.Columns) > 0 {
			var cols []string
			for _, c := range st.Columns {
				cols = append(cols, c.Name+":"+c.Type)
			}
			fmt.Fprintf(&b, " cols=%q", cols)
		}
		if st.Using != "" {
			fmt.Fprintf(&b, " using=%s", st.Using)
		}
		if st.PartitionedBy != nil {
			fmt.Fprintf(&b, " partitioned=%s", describeColumns(st.PartitionedBy.Columns))
		}
		if st.ClusterBy != nil {
			fmt.Fprintf(&b, " cluster=%s", describeClustering(st.ClusterBy))
		}
		if st.Location != nil {
			fmt.Fprintf(&b, " location=%s", describeLiteral(*st.Location))
		}
		if st.Comment != nil {
			fmt.Fprintf(&b, " comment=%s", describeLiteral(*st.Comment))
		}
		if st.Properties != nil {
			fmt.Fprintf(&b, " tblproperties=%s", describeProps(st.Properties))
		}
		if st.Options != nil {
			fmt.Fprintf(&b, " options=%s", describeProps(st.Options))
		}
		if st.AsSelect {
			fmt.Fprintf(&b, " query-at=%q", text(st.As))
		}
		fmt.Fprintf(&b, " last=%q", text(st.LastClause))
	case *AlterTable:
		b.WriteString(" " + describeName(st.Name))
		if st.Set != nil {
			fmt.Fprintf(&b, " set=%s", describeProps(st.Set))
		}
		if st.Unset != nil {
			fmt.Fprintf(&b, " unset=%s if-exists=%v", describeProps(st.Unset), st.IfExists)
		}
		if st.Cluster != nil {
			fmt.Fprintf(&b, " cluster=%s", describeClustering(st.Cluster))
		}
	case *Insert:
		fmt.Fprintf(&b, " overwrite=%v %s", st.Overwrite, describeName(st.Target))
		if st.Directory {
			b.WriteString(" directory")
		}
		if len(st.Partition) > 0 {
			fmt.Fprintf(&b, " partition=%s", describeColumns(st.Partition))
		}
		if len(st.Columns) > 0 {
			fmt.Fprintf(&b, " columns=%s", describeColumns(st.Columns))
		}
		if st.ByName {
			b.WriteString(" by-name")
		}
		fmt.Fprintf(&b, " query=%.20q", text(st.Query))
		for _, qh := range st.Hints {
			fmt.Fprintf(&b, " hints(nested=%v)=%s", qh.Nested, describeHints(qh.Hints))
		}
	case *Modify:
		fmt.Fprintf(&b, " %s alias=%q", describeName(st.Target), st.Alias)
	case *Optimize:
		b.WriteString(" " + describeName(st.Target))
		if st.Full {
			b.WriteString(" full")
		}
		if st.WhereSpan != (Span{}) {
			fmt.Fprintf(&b, " where=%s", describeColumns(st.Where))
		}
		if st.ZOrderBy != nil {
			fmt.Fprintf(&b, " zorder=%s", describeColumns(st.ZOrderBy.Columns))
		}
	case *Vacuum:
		b.WriteString(" " + describeName(st.Target))
		if st.Retain != nil {
			fmt.Fprintf(&b, " retain=%s", describeLiteral(*st.Retain))
		}
		for _, f := range []struct {
			on   bool
			name string
		}{{st.DryRun, "dry-run"}, {st.Lite, "lite"}, {st.Full, "full"}} {
			if f.on {
				b.WriteString(" " + f.name)
			}
		}
	case *Set:
		fmt.Fprintf(&b, " key=%q value=%s", st.Key, describeLiteral(st.Value))
	case *Other:
		if h.Unread != "" {
			fmt.Fprintf(&b, " UNREAD=%q", h.Unread)
		}
	}
	for _, g := range h.Gaps {
		fmt.Fprintf(&b, " GAP=%q", text(g))
	}
	return b.String()
}

func describeName(n Name) string {
	switch {
	case n.Path != "":
		return fmt.Sprintf("path=%q format=%q", n.Path, n.Format)
	case n.Text == "":
		return "name=<opaque>"
	}
	return fmt.Sprintf("name=%q", n.Text)
}

func describeColumns(cols []Column) string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Name
		if c.Name == "" {
			names[i] = "<expr>"
		}
	}
	return "[" + strings.Join(names, ",") + "]"
}

func describeClustering(c *Clustering) string {
	switch {
	case c.Auto:
		return "AUTO"
	case c.None:
		return "NONE"
	}
	return describeColumns(c.Columns)
}

func describeLiteral(l Literal) string {
	switch l.Kind {
	case LitString:
		return fmt.Sprintf("%q", l.Text)
	case LitInt:
		return fmt.Sprintf("%d", l.Int)
	case LitFloat:
		return fmt.Sprintf("%g", l.Float)
	case LitBool:
		return fmt.Sprintf("%v", l.Bool)
	case LitOther:
		return fmt.Sprintf("other(%s)", l.Text)
	}
	return "none"
}

func describeProps(ps *Properties) string {
	parts := make([]string, len(ps.Entries))
	for i, e := range ps.Entries {
		parts[i] = e.Key
		if e.Value.Kind != LitNone {
			parts[i] += "=" + describeLiteral(e.Value)
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func describeHints(hs []Hint) string {
	parts := make([]string, len(hs))
	for i, h := range hs {
		args := make([]string, len(h.Args))
		for j, a := range h.Args {
			args[j] = a.Kind.String() + ":" + a.Text
		}
		parts[i] = h.Name + "(" + strings.Join(args, ",") + ")"
	}
	return strings.Join(parts, " ")
}
