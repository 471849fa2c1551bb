package engine

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"slices"
	"sort"
	"strings"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/extract/dbtfacts"
	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/orchestration"
)

// taskParams are the parameters the bundle jobs that run each source pass
// it (a notebook's widgets, a SQL file's markers), which fill its
// placeholders: one list per source, nil when none.
func (l *Linter) taskParams(srcs []Source) [][]params.Given {
	out := make([][]params.Given, len(srcs))
	paths := make([]string, len(srcs))
	for i, s := range srcs {
		paths[i] = s.Path
	}
	bundles := orchestration.FindBundles(l.absAll(paths))
	if len(bundles) == 0 {
		return out
	}
	p := orchestration.Read(orchestration.Options{Bundles: bundles, Target: l.opts.BundleTarget, Files: l.absAll(paths)})
	for i, s := range srcs {
		runs := p.For(l.abs(s.Path))
		if runs == nil {
			continue
		}
		for _, t := range runs.Tasks {
			for _, c := range t.Params {
				out[i] = append(out[i], params.Given{Source: params.Widget, Name: c.Key, Value: c.Value, Known: true})
			}
		}
	}
	return out
}

// writeParams adds a source's task parameters to a digest.
func writeParams(h hash.Hash, given []params.Given) {
	for _, g := range given {
		cache.WriteField(h, g.Name)
		cache.WriteField(h, g.Value)
	}
}

// paramsSum is sum with the task parameters a file's facts depend on.
func paramsSum(sum [32]byte, given []params.Given) [32]byte {
	if len(given) == 0 {
		return sum
	}
	h := sha256.New()
	h.Write(sum[:])
	cache.WriteField(h, "task parameters")
	writeParams(h, given)
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// SQLCounts say what became of the SQL statements of a run, for --verbose.
type SQLCounts struct {
	// Placeholders counts statements read whose table names or paths hold
	// placeholders; Filled those whose placeholders all took values the
	// project gives.
	Placeholders, Filled int
	// Unread counts the statements not read (Result.UnreadSQL) by reason.
	Unread map[string]int
	// Templates counts dbt files not read as SQL: macros, snapshots, tests,
	// analyses and models for other engines.
	Templates int
}

// add adds o to c.
func (c *SQLCounts) add(o SQLCounts) {
	c.Placeholders += o.Placeholders
	c.Filled += o.Filled
	c.Templates += o.Templates
	for why, n := range o.Unread {
		if c.Unread == nil {
			c.Unread = map[string]int{}
		}
		c.Unread[why] += n
	}
}

// otherDialect is the reason of a statement of another SQL dialect.
const otherDialect = "another SQL dialect"

// sqlCounts are the counts of one file's facts.
func sqlCounts(f *facts.File) SQLCounts {
	c := SQLCounts{Placeholders: f.PlaceholderSQL, Filled: f.FilledSQL}
	if f.UnreadSQL == 0 {
		return c
	}
	c.Unread = map[string]int{}
	for _, u := range f.Unread {
		c.Unread[u.Reason]++
	}
	if n := len(f.Foreign); n > 0 {
		c.Unread[otherDialect] += n
	}
	// a file mostly of another dialect leaves its other statements unread too
	if rest := f.UnreadSQL - len(f.Unread) - len(f.Foreign); rest > 0 {
		c.Unread["in a file of another dialect"] += rest
	}
	return c
}

// SQLSummary is the --verbose line on the run's SQL: how many statements
// could not be read and why, the dbt templates not read, and how many
// statements were read with placeholders. It says all was read only when
// nothing was skipped.
func (r *Result) SQLSummary() string {
	var parts []string
	if r.UnreadSQL > 0 {
		s := fmt.Sprintf("%d SQL statement(s) could not be read", r.UnreadSQL)
		whys := make([]string, 0, len(r.SQL.Unread))
		for why := range r.SQL.Unread {
			whys = append(whys, why)
		}
		sort.Slice(whys, func(i, j int) bool {
			a, b := r.SQL.Unread[whys[i]], r.SQL.Unread[whys[j]]
			return a > b || a == b && whys[i] < whys[j]
		})
		for i, why := range whys {
			whys[i] = fmt.Sprintf("%s: %d", why, r.SQL.Unread[why])
		}
		if len(whys) > 0 {
			s += " (" + strings.Join(whys, ", ") + ")"
		}
		parts = append(parts, s)
	}
	if r.SQL.Templates > 0 {
		parts = append(parts, fmt.Sprintf("%d dbt template file(s) not read (macros, snapshots, tests, analyses, other engines' models)", r.SQL.Templates))
	}
	if len(parts) == 0 {
		parts = append(parts, "every SQL statement of a kind lakelint reads was read")
	}
	parts = append(parts, fmt.Sprintf("%d read with placeholders, %d of them filled with values the project gives", r.SQL.Placeholders, r.SQL.Filled))
	return strings.Join(parts, "; ")
}

// countTemplate counts the file among the dbt templates not read when it
// is one: its remarks say so.
func (u *unit) countTemplate(m *dbtfacts.Input) {
	if m != nil && m.Template && slices.Contains(u.details, m.Why) {
		u.sql.Templates = 1
	}
}
