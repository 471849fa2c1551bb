// Package catalog joins the facts of every file in a run by table: where each
// table is defined, altered, written, streamed from, merged into, optimized
// and vacuumed, and (when a stats source is configured) its live state.
// Rules that need facts from other files read the catalog.
package catalog

import (
	"sort"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/stats"
)

// Ref is a fact and the file it stands in.
type Ref[T any] struct {
	Path string
	Fact T
}

// Table is everything the project says about one table. Definitions and
// ALTERs are kept whole (they are few); writes, reads and maintenance are
// summed up in Use, so the catalog grows with the project's tables, not with
// its statements.
type Table struct {
	Name   string // normalised name ("main.sales.events"), "" for a path-only table
	Path   string // normalised storage path, "" when only named
	Defs   []Ref[*facts.TableDef]
	Alters []Ref[*facts.TableAlter]
	Use    Use
	// Live is the table's current state from a stats source; nil when unknown.
	Live *stats.Table
}

// Use sums up how the project writes, reads and maintains a table.
type Use struct {
	// The first file, in path order, that writes, maintains or reads the table.
	WrittenIn, MaintainedIn, ReadIn string
	Writes   int // writes of any kind, streams and rewrites included
	Streams  int // writeStream sinks
	Rewrites int // MERGE, UPDATE, DELETE
	// OverwritePartitions are the literal partition columns of the first
	// overwrite that gives them; nil when no overwrite does.
	OverwritePartitions []string
}

// Catalog is the project's table index.
type Catalog struct {
	byName map[string]*Table
	byPath map[string]*Table
	// byShort indexes three-part names by their last two parts, so that a
	// two-part reference finds the table when only one three-part name fits.
	byShort map[string][]*Table
	tables  []*Table
}

// NormalizeName lower-cases a table name and removes backticks and spaces around dots.
func NormalizeName(name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return ""
	}
	parts := strings.Split(name, ".")
	for i, p := range parts {
		parts[i] = strings.ToLower(strings.Trim(strings.TrimSpace(p), "`"))
	}
	return strings.Join(parts, ".")
}

// NormalizePath removes a trailing slash and the dbfs: scheme's variations.
func NormalizePath(p string) string {
	p = strings.TrimSpace(p)
	p = strings.TrimSuffix(p, "/")
	if strings.HasPrefix(p, "dbfs:/") {
		p = strings.TrimPrefix(p, "dbfs:")
	}
	return p
}

// Summary is what one file adds to the catalog. It is small, so a run can
// keep it for every file while each file's other facts come and go.
type Summary struct {
	path   string
	defs   []*facts.TableDef
	alters []*facts.TableAlter
	uses   []use
}

// use is what one file does to one target, in the order first seen.
type use struct {
	target facts.Target
	Use
}

// Summarize takes from a file's facts what the catalog needs.
func Summarize(f *facts.File) *Summary {
	s := &Summary{path: f.Path, defs: f.Tables, alters: f.Alters}
	at := map[[2]string]int{}
	add := func(tg facts.Target, change func(*Use)) {
		key := [2]string{tg.Table, tg.Path}
		i, ok := at[key]
		if !ok {
			i = len(s.uses)
			at[key] = i
			s.uses = append(s.uses, use{target: facts.Target{Table: tg.Table, Path: tg.Path}})
		}
		change(&s.uses[i].Use)
	}
	for _, w := range f.Writes {
		add(w.Target, func(u *Use) {
			u.WrittenIn = f.Path
			u.Writes++
			if w.API == facts.DataStreamWriter {
				u.Streams++
			}
			if w.API.Rewrites() {
				u.Rewrites++
			}
			if p := w.PartitionBy; p != nil && !p.Dynamic && w.Mode.Str == "overwrite" && u.OverwritePartitions == nil {
				u.OverwritePartitions = append([]string{}, p.Names()...)
			}
		})
	}
	for _, r := range f.Reads {
		add(r.Target, func(u *Use) { u.ReadIn = f.Path })
	}
	for _, m := range f.Maintenance {
		add(m.Target, func(u *Use) { u.MaintainedIn = f.Path })
	}
	return s
}

// merge adds a later file's use of the table to what is known.
func (u *Use) merge(o Use) {
	first := func(have *string, next string) {
		if *have == "" {
			*have = next
		}
	}
	first(&u.WrittenIn, o.WrittenIn)
	first(&u.MaintainedIn, o.MaintainedIn)
	first(&u.ReadIn, o.ReadIn)
	u.Writes += o.Writes
	u.Streams += o.Streams
	u.Rewrites += o.Rewrites
	if u.OverwritePartitions == nil {
		u.OverwritePartitions = o.OverwritePartitions
	}
}

// Build indexes the facts of all files.
func Build(files []*facts.File) *Catalog {
	sums := make([]*Summary, len(files))
	for i, f := range files {
		sums[i] = Summarize(f)
	}
	return FromSummaries(sums)
}

// FromSummaries indexes the summaries of all files. Definitions go in first,
// so that a two-part name used in one file finds the three-part table
// another file defines; files are taken in path order so the result does not
// depend on the order they were parsed in.
func FromSummaries(sums []*Summary) *Catalog {
	c := &Catalog{byName: map[string]*Table{}, byPath: map[string]*Table{}, byShort: map[string][]*Table{}}
	sorted := append([]*Summary(nil), sums...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].path < sorted[j].path })
	for _, s := range sorted {
		for _, d := range s.defs {
			if t := c.ensure(facts.Target{Table: d.Name, Path: d.Location}); t != nil {
				t.Defs = append(t.Defs, Ref[*facts.TableDef]{s.path, d})
			}
		}
	}
	for _, s := range sorted {
		for _, a := range s.alters {
			if t := c.ensure(facts.Target{Table: a.Table}); t != nil {
				t.Alters = append(t.Alters, Ref[*facts.TableAlter]{s.path, a})
			}
		}
		for _, u := range s.uses {
			if t := c.ensure(u.target); t != nil {
				t.Use.merge(u.Use)
			}
		}
	}
	return c
}

// ensure returns the table for a target, creating it; nil for an unknown target.
func (c *Catalog) ensure(tg facts.Target) *Table {
	if t := c.Lookup(tg); t != nil {
		// a definition may add the path of a named table
		if p := NormalizePath(tg.Path); p != "" && t.Path == "" {
			t.Path = p
			c.byPath[p] = t
		}
		return t
	}
	name, path := NormalizeName(tg.Table), NormalizePath(tg.Path)
	if name == "" && path == "" {
		return nil
	}
	t := &Table{Name: name, Path: path}
	c.tables = append(c.tables, t)
	if name != "" {
		c.byName[name] = t
		if parts := strings.Split(name, "."); len(parts) == 3 {
			short := parts[1] + "." + parts[2]
			c.byShort[short] = append(c.byShort[short], t)
		}
	}
	if path != "" {
		c.byPath[path] = t
	}
	return t
}

// Lookup finds the table a target refers to, or nil.
func (c *Catalog) Lookup(tg facts.Target) *Table {
	if c == nil {
		return nil
	}
	if name := NormalizeName(tg.Table); name != "" {
		if t := c.byName[name]; t != nil {
			return t
		}
		if strings.Count(name, ".") == 1 {
			if ts := c.byShort[name]; len(ts) == 1 {
				return ts[0]
			}
		}
	}
	if path := NormalizePath(tg.Path); path != "" {
		return c.byPath[path]
	}
	return nil
}

// DisplayName is how messages name the table: its name, else its path.
func (t *Table) DisplayName() string {
	if t.Name != "" {
		return t.Name
	}
	return t.Path
}

// Tables returns every table, in the order first seen.
func (c *Catalog) Tables() []*Table { return c.tables }

// PartitionColumns returns the table's partition columns as the project
// defines them (or as the live table has them) and whether they are known.
func (t *Table) PartitionColumns() ([]string, bool) {
	if t == nil {
		return nil, false
	}
	for i := len(t.Defs) - 1; i >= 0; i-- {
		d := t.Defs[i].Fact
		if d.PartitionBy != nil && !d.PartitionBy.Dynamic {
			return d.PartitionBy.Names(), true
		}
	}
	if len(t.Defs) > 0 {
		return nil, true // defined without partitions
	}
	if p := t.Use.OverwritePartitions; p != nil {
		return p, true
	}
	if t.Live != nil {
		return t.Live.PartitionColumns, true
	}
	return nil, false
}

// ClusteringColumns returns the table's clustering columns, as the project
// (definition or ALTER ... CLUSTER BY) or the live table says.
func (t *Table) ClusteringColumns() ([]string, bool) {
	if t == nil {
		return nil, false
	}
	for i := len(t.Alters) - 1; i >= 0; i-- {
		if a := t.Alters[i].Fact; a.HasClusterBy {
			return columnNames(a.ClusterBy), true
		}
	}
	for i := len(t.Defs) - 1; i >= 0; i-- {
		if d := t.Defs[i].Fact; len(d.ClusterBy) > 0 {
			return columnNames(d.ClusterBy), true
		}
	}
	if len(t.Defs) > 0 {
		return nil, true
	}
	if t.Live != nil {
		return t.Live.ClusteringColumns, true
	}
	return nil, false
}

func columnNames(cols []facts.Column) []string {
	out := make([]string, 0, len(cols))
	for _, c := range cols {
		out = append(out, c.Name)
	}
	return out
}

// Property returns a table property (key lower-cased) as the project sets it
// in a definition or an ALTER TABLE, falling back to the live table.
func (t *Table) Property(key string) (facts.Value, bool) {
	if t == nil {
		return facts.Value{}, false
	}
	for i := len(t.Alters) - 1; i >= 0; i-- {
		a := t.Alters[i].Fact
		if v, ok := a.Set[key]; ok {
			return v, true
		}
		for _, u := range a.Unset {
			if strings.EqualFold(u, key) {
				return facts.Value{}, false
			}
		}
	}
	for i := len(t.Defs) - 1; i >= 0; i-- {
		if v, ok := t.Defs[i].Fact.Properties[key]; ok {
			return v, true
		}
	}
	if t.Live != nil {
		for k, v := range t.Live.Properties {
			if strings.EqualFold(k, key) {
				return facts.Value{Kind: facts.String, Str: v}, true
			}
		}
	}
	return facts.Value{}, false
}

// Format returns the table's format as defined in the project, "" when unknown.
func (t *Table) Format() string {
	if t == nil {
		return ""
	}
	for i := len(t.Defs) - 1; i >= 0; i-- {
		if f := t.Defs[i].Fact.Format; f != "" {
			return f
		}
	}
	if t.Live != nil {
		return t.Live.Format
	}
	return ""
}

// Rewritten reports whether any file MERGEs into, UPDATEs or DELETEs from the table.
func (t *Table) Rewritten() bool {
	if t == nil {
		return false
	}
	return t.Use.Rewrites > 0
}
