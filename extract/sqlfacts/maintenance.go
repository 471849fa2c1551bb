package sqlfacts

import (
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/sql"
)

func (x *extractor) optimize(o *sql.Optimize) *facts.Maintenance {
	m := &facts.Maintenance{
		Kind:         facts.Optimize,
		Lang:         document.SQL,
		Target:       x.target(o.Target),
		Span:         x.span(o.Span),
		At:           x.span(o.Keyword),
		WhereColumns: x.columns(o.Where),
	}
	if o.ZOrderBy != nil {
		m.ZOrderBy = x.columns(o.ZOrderBy.Columns)
	}
	return m
}

func (x *extractor) vacuum(v *sql.Vacuum) *facts.Maintenance {
	m := &facts.Maintenance{
		Kind:   facts.Vacuum,
		Lang:   document.SQL,
		Target: x.target(v.Target),
		Span:   x.span(v.Span),
		At:     x.span(v.Keyword),
		DryRun: v.DryRun,
	}
	if v.Retain != nil {
		m.HasRetain = true
		m.Retain = x.value(*v.Retain)
	}
	return m
}

func (x *extractor) setting(s *sql.Set) *facts.Setting {
	return &facts.Setting{
		Key:   s.Key,
		Value: x.value(s.Value),
		Via:   "SET",
		Lang:  document.SQL,
		Span:  x.span(s.Span),
		At:    x.span(s.Keyword),
	}
}
