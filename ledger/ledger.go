// Package ledger is the table ledger of `lakelint tables`: every table a
// project defines or writes, one entry each, with where it is defined, how
// it is laid out, the properties in effect and where they come from, its
// writers (how often each runs, when known) and readers, the OPTIMIZE and
// VACUUM statements that cover it, its live stats, and the findings on it.
// It is a view of the catalog and of a check's findings; it renders as
// text, JSON and one self-contained HTML page.
package ledger

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/parsers"
)

// Ledger is the project's tables.
type Ledger struct {
	Tables []*Table `json:"tables"`
}

// Table is one table's line of the ledger.
type Table struct {
	Name     string `json:"name,omitempty"`
	Location string `json:"location,omitempty"`
	// DefinedAt are the places of its definitions (file:line).
	DefinedAt    []string    `json:"definedAt,omitempty"`
	Format       string      `json:"format,omitempty"`
	Partitioning []string    `json:"partitionedBy,omitempty"`
	Clustering   []string    `json:"clusteredBy,omitempty"`
	Properties   []Property  `json:"properties,omitempty"`
	Writers      []Writer    `json:"writers,omitempty"`
	Readers      []Reader    `json:"readers,omitempty"`
	Maintenance  []Statement `json:"maintenance,omitempty"`
	Live         *Live       `json:"live,omitempty"`
	Findings     []Finding   `json:"findings,omitempty"`
	// FilesPerDay sums the writers' estimates, when at least one is known.
	FilesPerDay *float64 `json:"filesPerDay,omitempty"`
}

// Title is how the ledger names the table: its name, else its location.
func (t *Table) Title() string {
	if t.Name != "" {
		return t.Name
	}
	return t.Location
}

// Property is a property or setting in effect for the table and where it
// comes from: "DDL", "ALTER", "session" (the writer's) or "live".
type Property struct {
	Key   string `json:"key"`
	Value string `json:"value"`
	From  string `json:"from"`
	At    string `json:"at,omitempty"`
}

// Writer is one write into the table.
type Writer struct {
	At     string `json:"at"`
	API    string `json:"api"`
	Sink   string `json:"sink,omitempty"`
	Mode   string `json:"mode,omitempty"`
	Stream bool   `json:"stream,omitempty"`
	// Frequency says how often it runs and what says so; "" when unknown.
	Frequency  string   `json:"frequency,omitempty"`
	RunsPerDay *float64 `json:"runsPerDay,omitempty"`
	// Always is true for a stream that starts a micro-batch as soon as the
	// last ends, or a continuous one.
	Always bool `json:"always,omitempty"`
	// FilesPerRun is the literal repartition/coalesce count that feeds it.
	FilesPerRun int64    `json:"filesPerRun,omitempty"`
	FilesPerDay *float64 `json:"filesPerDay,omitempty"`
}

// Reader is one read of the table.
type Reader struct {
	At   string `json:"at"`
	Kind string `json:"kind"`
}

// Statement is an OPTIMIZE or VACUUM of the table.
type Statement struct {
	At        string `json:"at"`
	Statement string `json:"statement"`
}

// Live is the table's live state, when a stats source gives it.
type Live struct {
	Source       string `json:"source"`
	NumFiles     int64  `json:"numFiles"`
	SizeInBytes  int64  `json:"sizeInBytes"`
	MedianFile   int64  `json:"medianFileBytes,omitempty"`
	LastOptimize string `json:"lastOptimize,omitempty"`
}

// Finding is a finding of the check on the table.
type Finding struct {
	At       string `json:"at"`
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// Build makes the ledger of the catalog's tables and the findings of a
// check over the same files. Places are "file:line" ("file:cell 2:line 3"
// in a Jupyter notebook); files are read again for their lines.
func Build(cat *catalog.Catalog, findings []finding.Finding) *Ledger {
	return BuildFrom(cat, findings, os.ReadFile)
}

// BuildFrom is Build with the files' text read by read: an editor's
// unsaved buffers instead of the files on disk.
func BuildFrom(cat *catalog.Catalog, findings []finding.Finding, read func(path string) ([]byte, error)) *Ledger {
	lines := &locator{docs: map[string]*lineDoc{}, read: read}
	l := &Ledger{}
	byTable := map[*catalog.Table]*Table{}
	for _, t := range cat.Tables() {
		if len(t.Defs) == 0 && len(t.Statements.Writers) == 0 {
			continue // only read or maintained: not the project's to list
		}
		lt := table(cat, t, lines)
		byTable[t] = lt
		l.Tables = append(l.Tables, lt)
	}
	for i := range findings {
		f := &findings[i]
		lt := byTable[subject(cat, f)]
		if lt == nil {
			lt = atPlace(l, place(f.Path, f.Start.Line, f.Cell))
		}
		if lt != nil {
			lt.Findings = append(lt.Findings, Finding{At: place(f.Path, f.Start.Line, f.Cell), Code: f.Code, Severity: f.Severity.String(), Message: f.Message})
		}
	}
	sort.SliceStable(l.Tables, func(i, j int) bool { return l.Tables[i].Title() < l.Tables[j].Title() })
	return l
}

// subject is the table a finding names, if the catalog knows it.
func subject(cat *catalog.Catalog, f *finding.Finding) *catalog.Table {
	if f.Subject == "" {
		return nil
	}
	if t := cat.Lookup(facts.Target{Table: f.Subject}); t != nil {
		return t
	}
	return cat.Lookup(facts.Target{Path: f.Subject})
}

// atPlace is the table whose writer or definition stands at p: a finding
// whose fact names no table (a foreachBatch stream) is the table's its
// place says.
func atPlace(l *Ledger, p string) *Table {
	for _, t := range l.Tables {
		if slices.Contains(t.DefinedAt, p) || slices.ContainsFunc(t.Writers, func(w Writer) bool { return w.At == p }) {
			return t
		}
	}
	return nil
}

func table(cat *catalog.Catalog, t *catalog.Table, lines *locator) *Table {
	lt := &Table{Name: t.Name, Location: t.Path, Format: t.Format()}
	if t.Name == "" && t.Path == "" && t.Expr != "" {
		lt.Location = "the path in " + t.Expr // a value computed at run time
	}
	for _, d := range t.Defs {
		lt.DefinedAt = appendOnce(lt.DefinedAt, lines.cite(d.Path, d.At))
	}
	if cols, ok := t.PartitionColumns(); ok {
		lt.Partitioning = cols
	}
	if cols, ok := t.ClusteringColumns(); ok {
		lt.Clustering = cols
	}
	lt.Properties = properties(t, lines)
	var perDay float64
	var known bool
	for i := range t.Statements.Writers {
		w := &t.Statements.Writers[i]
		lw := Writer{At: lines.cite(w.Path, w.At), API: string(w.Fact.API), Sink: w.Fact.Sink, Mode: w.Fact.Mode, Stream: w.Fact.Stream, FilesPerRun: w.Fact.FilesPerRun}
		if f := cat.Frequency(w); f.Source != "" {
			lw.Frequency, lw.Always = f.Source, f.Always
			if f.Known {
				lw.RunsPerDay = ptr(round(f.RunsPerDay))
				if w.Fact.FilesPerRun > 0 {
					lw.FilesPerDay = ptr(round(f.RunsPerDay * float64(w.Fact.FilesPerRun)))
					perDay += *lw.FilesPerDay
					known = true
				}
			}
		}
		if lt.Format == "" && w.Fact.Format != "" && !w.Fact.ForeachBatch {
			lt.Format = w.Fact.Format
		}
		lt.Writers = append(lt.Writers, lw)
	}
	if known {
		lt.FilesPerDay = ptr(perDay)
	}
	for _, r := range t.Statements.Readers {
		lt.Readers = append(lt.Readers, Reader{At: lines.cite(r.Path, r.At), Kind: string(r.Fact.Kind)})
	}
	for _, m := range t.Statements.Maintenance {
		lt.Maintenance = append(lt.Maintenance, Statement{At: lines.cite(m.Path, m.At), Statement: m.Fact.String()})
	}
	if lv := t.Live; lv != nil {
		lt.Live = &Live{Source: lv.Source, NumFiles: lv.NumFiles, SizeInBytes: lv.SizeInBytes}
		if lv.Sizes != nil {
			lt.Live.MedianFile = lv.Sizes.P50
		}
		if h := lv.History; h != nil && h.LastOptimize != nil {
			lt.Live.LastOptimize = "version " + strconv.FormatInt(h.LastOptimize.Version, 10)
			if !h.LastOptimize.Timestamp.IsZero() {
				lt.Live.LastOptimize += ", " + h.LastOptimize.Timestamp.UTC().Format("2006-01-02 15:04")
			}
		}
	}
	return lt
}

// properties are the table properties the project or the live table sets,
// each with its effective value and source, then the session settings of
// its writers.
func properties(t *catalog.Table, lines *locator) []Property {
	var keys []string
	for _, d := range t.Defs {
		for _, p := range d.Fact.Properties {
			keys = appendOnce(keys, p.Key)
		}
	}
	for _, a := range t.Alters {
		for _, p := range a.Fact.Set {
			keys = appendOnce(keys, p.Key)
		}
	}
	if t.Live != nil {
		for k := range t.Live.Properties {
			keys = appendOnce(keys, strings.ToLower(k))
		}
	}
	sort.Strings(keys)
	var out []Property
	for _, k := range keys {
		v, ok := t.Property(k)
		if !ok {
			continue
		}
		p := Property{Key: k, Value: v.Text(), From: "live"}
		if at, alter, ok := t.PropertyAt(k); ok {
			p.From, p.At = "DDL", lines.span(at)
			if alter {
				p.From = "ALTER"
			}
		}
		out = append(out, p)
	}
	for _, w := range t.Statements.Writers {
		for _, s := range w.Fact.Session {
			p := Property{Key: s.Key, Value: s.Value, From: "session", At: lines.cite(w.Path, s.At)}
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

func appendOnce(list []string, s string) []string {
	if s == "" || slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

func ptr(f float64) *float64 { return &f }

// round keeps two decimals: a count per day is no more precise.
func round(f float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', 2, 64), 64)
	return v
}

// place is "file:line", or "file:cell N:line" in a Jupyter notebook.
func place(path string, line, cell int) string {
	if cell > 0 {
		return fmt.Sprintf("%s:cell %d:%d", path, cell, line)
	}
	return fmt.Sprintf("%s:%d", path, line)
}

// locator turns document offsets into lines, reading each file once.
type locator struct {
	docs map[string]*lineDoc
	read func(path string) ([]byte, error)
}

type lineDoc struct {
	text  []byte
	cells func(off int) (index, start int)
}

// cite is where a span of a fact of file path stands: in path, or in the
// other file the span names.
func (l *locator) cite(path string, sp facts.Span) string {
	return l.span(sp.In(path))
}

// span is where a span with its file stands.
func (l *locator) span(sp facts.Span) string {
	path := sp.File.Path()
	d := l.doc(path)
	if d == nil {
		return path
	}
	off := max(0, min(sp.Start, len(d.text)))
	line := bytes.Count(d.text[:off], []byte("\n")) + 1
	if d.cells != nil {
		if idx, start := d.cells(off); idx > 0 {
			return place(path, line-bytes.Count(d.text[:start], []byte("\n")), idx)
		}
	}
	return place(path, line, 0)
}

func (l *locator) doc(path string) *lineDoc {
	if d, ok := l.docs[path]; ok {
		return d
	}
	var d *lineDoc
	if data, err := l.read(path); err == nil {
		if doc, err := parsers.Load(path, data); err == nil {
			d = &lineDoc{text: doc.Text}
			if len(doc.Cells) > 0 {
				d.cells = func(off int) (int, int) {
					if c := doc.CellAt(off); c != nil {
						return c.Index, c.Start
					}
					return 0, 0
				}
			}
		}
	}
	l.docs[path] = d
	return d
}

// Named is the table a name or location names, as code writes it (a
// table name in any case, backticks and all, or a path); nil for none.
func (l *Ledger) Named(name string) *Table {
	name = strings.ReplaceAll(strings.TrimSpace(name), "`", "")
	if name == "" {
		return nil
	}
	for _, t := range l.Tables {
		if t.Name != "" && strings.EqualFold(t.Name, name) || t.Location != "" && t.Location == name {
			return t
		}
	}
	return nil
}

// WrittenAt is the table written, defined or read on a line of a file, or
// of a Jupyter notebook's cell (both 1-based; cell 0 outside notebooks);
// nil for none.
func (l *Ledger) WrittenAt(path string, cell, line int) *Table {
	if cell < 0 || line < 1 {
		return nil
	}
	p := place(path, line, cell)
	for _, t := range l.Tables {
		if slices.Contains(t.DefinedAt, p) || slices.ContainsFunc(t.Writers, func(w Writer) bool { return w.At == p }) {
			return t
		}
	}
	for _, t := range l.Tables {
		if slices.ContainsFunc(t.Readers, func(r Reader) bool { return r.At == p }) {
			return t
		}
	}
	return nil
}
