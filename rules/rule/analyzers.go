package rule

import (
	"errors"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
)

// The analyzers here are the answers about a file that several rules
// share. A rule names those it reads in New's requires; the driver runs
// each once per file, in Requires order before the first rule that needs
// it, and hands its result over in Pass.ResultOf, where the rule reads it
// as any go/analysis analyzer does:
//
//	for _, lw := range p.ResultOf[rule.LiveWrites].([]rule.LiveWrite) {
//
// Results are shared by the rules of a file: a rule changes none of them.

// Source is the root every rule requires: its result is the file's *Input.
// Extraction, the link step and the catalog are the work that the input
// comes from, done before the rule pass over what the file depends on; the
// driver hands their answer over as the package fact of the pass's
// package (Pass.Pkg), which Source imports.
var Source = &analysis.Analyzer{
	Name:       "source",
	Doc:        "the facts of one file and what the run knows around it",
	FactTypes:  []analysis.Fact{(*Input)(nil)},
	ResultType: reflect.TypeOf((*Input)(nil)),
	Run: func(p *analysis.Pass) (any, error) {
		in := new(Input)
		if p.ImportPackageFact == nil || !p.ImportPackageFact(p.Pkg, in) {
			return nil, errors.New("the driver gave no input for the file")
		}
		return in, nil
	},
}

// Tables answers which table of the catalog a target of the file is: rules
// ask it of the same few targets many times, and the answers for a file's
// first targets are kept.
var Tables = &analysis.Analyzer{
	Name:       "tables",
	Doc:        "the catalog's table for each target the file names",
	Requires:   []*analysis.Analyzer{Source},
	ResultType: reflect.TypeOf((*TableIndex)(nil)),
	Run: func(p *analysis.Pass) (any, error) {
		in := p.ResultOf[Source].(*Input)
		return &TableIndex{cat: in.Catalog, file: in.Facts.Path, kept: make([]tableKept, 0, 8)}, nil
	},
}

// TableIndex is the Tables analyzer's result.
type TableIndex struct {
	cat  *catalog.Catalog
	file string
	kept []tableKept
}

// Of returns the catalog entry of a target, or nil.
func (x *TableIndex) Of(t facts.Target) *catalog.Table {
	for _, m := range x.kept {
		if m.table == t.Table && m.path == t.Path && m.bind == t.Bind {
			return m.t
		}
	}
	tb := x.cat.LookupIn(x.file, t)
	if len(x.kept) < maxTablesKept {
		x.kept = append(x.kept, tableKept{t.Table, t.Path, t.Bind, tb})
	}
	return tb
}

// tableKept is the catalog's answer for a target's name, path and binding.
type tableKept struct {
	table, path, bind string
	t                 *catalog.Table
}

// maxTablesKept bounds the answers a file keeps, and so the scan for one.
const maxTablesKept = 32

// LiveWrite is a write into a table whose live state is known.
type LiveWrite struct {
	Write *facts.Write
	Table *catalog.Table
}

// LiveWrites finds the file's writes that add data to a table with live
// stats, as a []LiveWrite; a DELETE only rewrites what is there, so it is
// left out.
var LiveWrites = &analysis.Analyzer{
	Name:       "livewrites",
	Doc:        "the file's writes that add data to a table with live stats",
	Requires:   []*analysis.Analyzer{Source, Tables},
	ResultType: reflect.TypeOf([]LiveWrite(nil)),
	Run: func(p *analysis.Pass) (any, error) {
		in, tables := p.ResultOf[Source].(*Input), p.ResultOf[Tables].(*TableIndex)
		var out []LiveWrite
		for _, w := range in.Facts.Writes {
			if w.API == facts.DeltaTableDelete || w.API == facts.SQLDelete {
				continue
			}
			if t := tables.Of(w.Target); t != nil && t.Live != nil {
				out = append(out, LiveWrite{w, t})
			}
		}
		return out[:len(out):len(out)], nil // a rule appending gets a copy
	},
}

// FileStreams finds the file's writeStream sinks that write files or
// tables, as a []*facts.Write: a file format, toTable, or a foreachBatch
// function (known from its summary) that writes one. A foreachBatch whose
// function writes nowhere known, or only to foreign sinks, is left out.
var FileStreams = &analysis.Analyzer{
	Name:       "filestreams",
	Doc:        "the file's streams that write files or tables",
	Requires:   []*analysis.Analyzer{Source, Tables},
	ResultType: reflect.TypeOf([]*facts.Write(nil)),
	Run: func(p *analysis.Pass) (any, error) {
		out := passOf(p, nil, "").fileStreams()
		return out[:len(out):len(out)], nil
	},
}
