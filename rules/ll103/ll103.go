// Package ll103 reports partition columns likely to have many distinct values.
package ll103

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL103",
	Name:     "high-cardinality-partition-column",
	Severity: finding.Warning,
	Summary:  "A table is partitioned by a column that looks high-cardinality (ids, raw timestamps), or by too many columns.",
	Why: `Every distinct partition value is a directory, and every write task writes at least one
file into each directory it touches. Partitioning by a user id or a raw timestamp makes
millions of directories of tiny files: 200 tasks writing 365 values already make up to
73,000 files in one run. Reads then spend their time listing and opening files.
Partition by a date at most, or leave the table unpartitioned and use liquid
clustering (CLUSTER BY), which clusters on high-cardinality columns without the
directory explosion. dbt models on Spark and Databricks are checked too: their
partition_by, in the model's config() or in dbt_project.yml and properties files
(the message then names the file and line), with liquid_clustered_by as the remedy.

A column the code fills with a value new on every run (run_id = uuid.uuid4().hex, then
withColumn("run_id", lit(run_id)) or a DataFrame column of that name) is the extreme case
whatever its name: each run writes a partition of its own, so no partition ever holds more
than one run's files.

A table partitioned by more columns than max-partition-columns is reported too, the parts
of a date (year, month, day, hour, or import_year, eventDay) counting as one column:
each hour has one day, so they make one directory per hour, not one per combination.

Names are judged by the high- and low-cardinality patterns of the configuration, a
camelCase name as its snake_case words (studyLocusId as study_locus_id), except
for a column the table declares with a type of few values (BOOLEAN, TINYINT, SMALLINT,
DATE): a SMALLINT source_system_id is not reported, whatever its name says. An id
or key of a dimension the low-cardinality patterns name (country_id, department_id,
order_type_key) is taken to be as small as the dimension, and is not reported.
Iceberg tables have no liquid clustering: on them the advice is an Iceberg partition
transform instead (bucket(16, col) for a high-cardinality column, days() of a timestamp).`,
	Lang:    "python",
	Example: `events.write.partitionBy("user_id").saveAsTable("main.web.events")`,
	Better: `(events.writeTo("main.web.events")
    .clusterBy("user_id")
    .create())`,
	Options: []string{"high-cardinality-patterns", "low-cardinality-patterns", "max-partition-columns"},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	// writeTo(...).create() is both a write and a definition: report it
	// once. A helper's partitioning applied at several calls is one clause
	// with each call's columns: the columns tell the calls apart.
	ck := &checker{Pass: p, seen: map[partKey]bool{}}
	for _, w := range p.Facts.Writes {
		advice := clusterBy
		if p.Format(w) == "iceberg" {
			advice = icebergBucket
		}
		ck.checkPartitioning(w.PartitionBy, rule.TargetName(w.Target), advice)
	}
	for _, d := range p.Facts.Tables {
		advice := clusterBy
		switch {
		case d.Kind == facts.DbtModel:
			advice = liquidClusteredBy
		case p.DefFormat(d) == "iceberg":
			advice = icebergBucket
		}
		ck.checkPartitioning(d.PartitionBy, rule.TableLabel(d.Name, d.Location), advice)
	}
}

// checker is one file's check: the clauses reported so far, and what the
// configured patterns say of the column names met so far (a file's writes
// tend to partition by the same few).
type checker struct {
	*rule.Pass
	seen map[partKey]bool
	high map[string]bool
}

// highCardinality is Config.HighCardinality, asked once per column name.
func (ck *checker) highCardinality(name string) bool {
	if v, ok := ck.high[name]; ok {
		return v
	}
	v := ck.Config.HighCardinality(name)
	if ck.high == nil {
		ck.high = map[string]bool{}
	}
	ck.high[name] = v
	return v
}

// perRun is where the file gives a name a value new on every run
// (run_id = uuid.uuid4().hex), when it gives name one.
func (ck *checker) perRun(name string) (facts.Span, bool) {
	for _, r := range ck.Facts.PerRun {
		if name != "" && strings.EqualFold(r.Name, name) {
			return r.Span, true
		}
	}
	return facts.Span{}, false
}

type partKey struct{ clause, first facts.Span }

// remedy says what to use instead of partitioning by a column: what it is
// called, and how to write it for one column.
type remedy struct {
	name string
	for1 func(col string) string
}

var (
	// clusterBy and liquidClusteredBy cluster by the column, in SQL and
	// Python or in a dbt model's config.
	clusterBy         = remedy{"liquid clustering", func(col string) string { return "CLUSTER BY " + col }}
	liquidClusteredBy = remedy{"liquid clustering", func(col string) string { return "liquid_clustered_by='" + col + "'" }}
	// icebergBucket is for Iceberg tables, which have no liquid clustering.
	icebergBucket = remedy{"an Iceberg transform", func(col string) string { return "bucket(16, " + col + "), or days() of a timestamp" }}
)

func (ck *checker) checkPartitioning(part *facts.Partitioning, table string, advice remedy) {
	p, seen := ck.Pass, ck.seen
	if part == nil || part.Dynamic {
		return
	}
	k := partKey{clause: part.Span}
	if len(part.Columns) > 0 {
		k.first = part.Columns[0].Span
	}
	if seen[k] {
		return
	}
	seen[k] = true
	if part.Origin != "" { // set in a configuration file, not in the code
		table += " (partitioned in " + part.Origin + ")"
	}
	for _, c := range part.Columns {
		if at, ok := ck.perRun(c.Name); ok {
			p.ReportRelated(c.Span, "partition column "+rule.Quote(c.Name)+" of "+table+
				" takes a new value on every run (a uuid, "+p.Place(at.Start)+"): every run writes a partition of its own, the most partitions a column can make; drop it from the partition columns (use "+advice.name+", "+advice.for1(c.Name)+", if queries filter on it)",
				[]rule.Related{{At: at, Message: "the value new on every run"}})
			continue
		}
		if c.Name != "" && ck.highCardinality(c.Name) && !slices.Contains(part.Narrow, c.Name) {
			p.Report(c.Span, "partition column "+rule.Quote(c.Name)+" of "+table+
				" looks high-cardinality: each value becomes a directory of small files; partition by a date-level column or use "+advice.name+" ("+advice.for1(c.Name)+")")
		}
	}
	if max := p.Config.Rules.MaxPartitionColumns; max > 0 && keys(part.Columns) > max {
		p.Report(part.Span, fmt.Sprintf(
			"%s is partitioned by %d columns (more than max-partition-columns = %d): every combination of values is a directory of small files; keep one date-level column or use %s",
			table, len(part.Columns), max, advice.name))
	}
}

// keys is how many independent keys the columns are: the parts of a date
// (year, month, day, hour) make one, since each day has one month.
func keys(cols []facts.Column) int {
	n, date := 0, false
	for _, c := range cols {
		switch {
		case c.Name != "" && config.DatePart(c.Name):
			date = true
		default:
			n++
		}
	}
	if date {
		n++
	}
	return n
}
