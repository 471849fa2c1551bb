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

// Table is everything the project says about one table.
type Table struct {
	Name        string // normalised name ("main.sales.events"), "" for a path-only table
	Path        string // normalised storage path, "" when only named
	Defs        []Ref[*facts.TableDef]
	Alters      []Ref[*facts.TableAlter]
	Writes      []Ref[*facts.Write]
	Reads       []Ref[*facts.Read]
	Maintenance []Ref[*facts.Maintenance]
	// Live is the table's current state from a stats source; nil when unknown.
	Live *stats.Table
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

// Build indexes the facts of all files. Definitions go in first, so that a
// two-part name used in one file finds the three-part table another file
// defines; files are taken in path order so the result does not depend on the
// order they were parsed in.
func Build(files []*facts.File) *Catalog {
	c := &Catalog{byName: map[string]*Table{}, byPath: map[string]*Table{}, byShort: map[string][]*Table{}}
	sorted := append([]*facts.File(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	for _, f := range sorted {
		for _, d := range f.Tables {
			if t := c.ensure(facts.Target{Table: d.Name, Path: d.Location}); t != nil {
				t.Defs = append(t.Defs, Ref[*facts.TableDef]{f.Path, d})
			}
		}
	}
	for _, f := range sorted {
		for _, a := range f.Alters {
			if t := c.ensure(facts.Target{Table: a.Table}); t != nil {
				t.Alters = append(t.Alters, Ref[*facts.TableAlter]{f.Path, a})
			}
		}
		for _, w := range f.Writes {
			if t := c.ensure(w.Target); t != nil {
				t.Writes = append(t.Writes, Ref[*facts.Write]{f.Path, w})
			}
		}
		for _, r := range f.Reads {
			if t := c.ensure(r.Target); t != nil {
				t.Reads = append(t.Reads, Ref[*facts.Read]{f.Path, r})
			}
		}
		for _, m := range f.Maintenance {
			if t := c.ensure(m.Target); t != nil {
				t.Maintenance = append(t.Maintenance, Ref[*facts.Maintenance]{f.Path, m})
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
	for _, w := range t.Writes {
		if p := w.Fact.PartitionBy; p != nil && !p.Dynamic && w.Fact.Mode.Str == "overwrite" {
			return p.Names(), true
		}
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
	for _, w := range t.Writes {
		if w.Fact.API.Rewrites() {
			return true
		}
	}
	return false
}
