package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/lakelint/lakelint/stats/health"
	"io"
	"maps"
	"math"
	"os"
	"os/signal"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/rules"
	"github.com/lakelint/lakelint/stats"
	"github.com/lakelint/lakelint/stats/source"
)

const statsUsage = `Usage:
  lakelint stats [options] TABLE_OR_PATH          summarise a table's live state
  lakelint stats export [options] TABLE_OR_PATH... write a stats snapshot for check --stats-file

A path or URL is read with the Delta log reader; a name is looked up in the
stats snapshot, in stats.tables, then in the Databricks workspace configured
under stats.databricks.

Options:
`

type statsCmdOptions struct {
	format, configPath, statsFile, output string
	allowConfigHost                       bool
}

func runStats(args []string, stdout, stderr io.Writer) int {
	export := len(args) > 0 && args[0] == "export"
	if export {
		args = args[1:]
	}
	var o statsCmdOptions
	fs := flag.NewFlagSet("lakelint stats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, statsUsage)
		fs.PrintDefaults()
	}
	fs.StringVar(&o.configPath, "config", "", "config file to use (default: the nearest .lakelint.yaml)")
	fs.StringVar(&o.statsFile, "stats-file", "", "look table names up in this snapshot first")
	fs.BoolVar(&o.allowConfigHost, "allow-config-host", false, allowConfigHostUsage)
	if export {
		fs.StringVar(&o.output, "o", "", "write the snapshot to this file instead of standard output")
	} else {
		fs.StringVar(&o.format, "output-format", "text", "output format: text or json")
	}
	targets, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return exitClean
	}
	if err != nil {
		return exitError
	}
	switch {
	case len(targets) == 0 || !export && len(targets) > 1:
		fs.Usage()
		return exitError
	case !export && o.format != "text" && o.format != "json":
		fmt.Fprintf(stderr, "lakelint: unknown output format %q (want text or json)\n", o.format)
		return exitError
	}
	cfg, err := statsConfig(o.configPath)
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := source.Options{File: o.statsFile, AllowConfigHost: o.allowConfigHost}

	if export {
		return exportStats(ctx, cfg, opts, targets, o.output, stdout, stderr)
	}
	t, err := source.Lookup(ctx, cfg, opts, targets[0])
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	if o.format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(t)
	} else {
		err = writeStatsText(stdout, t, cfg.Stats)
	}
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	return exitClean
}

// statsConfig is the config named by --config, else the one that governs
// the working directory.
func statsConfig(path string) (*config.Config, error) {
	if path != "" {
		return config.Load(path)
	}
	r, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		return nil, err
	}
	return r.ForDir(".")
}

// exportStats fetches every target, a few at a time, and writes one
// snapshot. Any failure fails the export: a snapshot silently missing a
// table would silently switch its checks off.
func exportStats(ctx context.Context, cfg *config.Config, opts source.Options, targets []string, output string, stdout, stderr io.Writer) int {
	tables := make([]*stats.Table, len(targets))
	errs := make([]error, len(targets))
	p := pool.New().WithMaxGoroutines(8)
	looker := source.NewAttacher(nil, opts) // one workspace client for all the targets
	for i, target := range targets {
		p.Go(func() { tables[i], errs[i] = looker.Lookup(ctx, cfg, target) })
	}
	p.Wait()
	failed := false
	said := map[string]bool{} // an unreachable workspace fails every table alike: say it once
	for _, err := range errs {
		if err != nil {
			failed = true
			if msg := err.Error(); !said[msg] {
				said[msg] = true
				fmt.Fprintf(stderr, "lakelint: %s\n", msg)
			}
		}
	}
	if failed {
		return exitError
	}
	snap := source.NewSnapshot(tables, time.Now())
	var err error
	if output == "" {
		err = snap.Encode(stdout)
	} else {
		err = snap.WriteFile(output)
	}
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	if output != "" {
		fmt.Fprintf(stderr, "Wrote the stats of %d table(s) to %s.\n", len(tables), output)
	}
	return exitClean
}

// writeStatsText prints a table's state the way DESCRIBE DETAIL lays it
// out, then its file sizes, partitions, history and what lakelint's live
// stats rules make of them.
func writeStatsText(w io.Writer, t *stats.Table, st config.Stats) error {
	b := &strings.Builder{}
	field := func(name, format string, args ...any) {
		fmt.Fprintf(b, "%-17s %s\n", name, fmt.Sprintf(format, args...))
	}
	if t.Name != "" {
		field("name", "%s", t.Name)
	}
	if t.Location != "" {
		field("location", "%s", t.Location)
	}
	field("format", "%s", orDash(t.Format))
	field("version", "%d", t.Version)
	from := t.Source
	if from == source.SnapshotSource && !t.FetchedAt.IsZero() {
		from += ", taken " + t.FetchedAt.UTC().Format("2006-01-02 15:04 MST")
	}
	field("source", "%s", orDash(from))
	field("numFiles", "%s", health.Count(t.NumFiles))
	field("sizeInBytes", "%s (%s)", health.Count(t.SizeInBytes), health.Bytes(t.SizeInBytes))
	field("partitionColumns", "%s", list(t.PartitionColumns))
	field("clusteringColumns", "%s", list(t.ClusteringColumns))
	field("minReaderVersion", "%d", t.MinReaderVersion)
	field("minWriterVersion", "%d", t.MinWriterVersion)
	if len(t.ReaderFeatures) > 0 {
		field("readerFeatures", "%s", list(t.ReaderFeatures))
	}
	if len(t.WriterFeatures) > 0 {
		field("writerFeatures", "%s", list(t.WriterFeatures))
	}
	keys := slices.Sorted(maps.Keys(t.Properties))
	if len(keys) == 0 {
		field("properties", "-")
	}
	for i, k := range keys {
		name := ""
		if i == 0 {
			name = "properties"
		}
		field(name, "%s = %s", k, t.Properties[k])
	}

	writeSizes(b, t, st)
	writePartitions(b, t)
	writeHistory(b, t.History)
	writeVerdicts(b, t, st)
	_, err := io.WriteString(w, b.String())
	return err
}

// histogramWidth is the longest bar, in characters.
const histogramWidth = 40

func writeSizes(b *strings.Builder, t *stats.Table, st config.Stats) {
	d := t.Sizes
	b.WriteString("\nFile sizes\n")
	if d == nil || t.NumFiles == 0 {
		if t.NumFiles > 0 {
			fmt.Fprintf(b, "  average %s per file; per-file sizes unknown (the source reports totals only)\n", health.Bytes(t.SizeInBytes/t.NumFiles))
		} else {
			b.WriteString("  no files\n")
		}
		return
	}
	fmt.Fprintf(b, "  min %s, p10 %s, median %s, p90 %s, max %s, average %s\n",
		health.Bytes(d.Min), health.Bytes(d.P10), health.Bytes(d.P50), health.Bytes(d.P90), health.Bytes(d.Max), health.Bytes(t.SizeInBytes/t.NumFiles))
	var most int64
	for _, bk := range d.Histogram {
		most = max(most, bk.Count)
	}
	threshold := st.SmallFileThreshold
	if threshold <= 0 {
		threshold = stats.DefaultSmallFileThreshold
	}
	for i, bk := range d.Histogram {
		if i > 0 && bk.Lower >= threshold && d.Histogram[i-1].Lower < threshold {
			fmt.Fprintf(b, "  %s small-file threshold %s %s\n", strings.Repeat("-", 8), health.Bytes(threshold), strings.Repeat("-", 8))
		}
		bar := 0
		if most > 0 && bk.Count > 0 {
			bar = max(1, int(float64(bk.Count)/float64(most)*histogramWidth)) // any file shows
		}
		fmt.Fprintf(b, "  %17s |%-*s %s\n", bucketLabel(bk), histogramWidth, strings.Repeat("#", bar), health.Count(bk.Count))
	}
	share := health.SmallShare(d, threshold)
	if share >= 0 {
		fmt.Fprintf(b, "  small files: %s of files under %s\n", health.Percent(share), health.Bytes(threshold))
	}
}

func bucketLabel(bk stats.Bucket) string {
	if bk.Upper <= 1 {
		return "0 B"
	}
	return health.Bytes(bk.Lower) + " - " + health.Bytes(bk.Upper)
}

func writePartitions(b *strings.Builder, t *stats.Table) {
	p := t.Partitions
	if len(t.PartitionColumns) == 0 || p == nil {
		return
	}
	b.WriteString("\nPartitions\n")
	var per []string
	for _, c := range t.PartitionColumns {
		per = append(per, fmt.Sprintf("%s %s", c, health.Count(p.DistinctPerColumn[c])))
	}
	fmt.Fprintf(b, "  %s distinct (%s)\n", health.Count(p.Distinct), strings.Join(per, ", "))
	fmt.Fprintf(b, "  files per partition: median %s, max %s\n", health.Count(p.MedianFiles), health.Count(p.MaxFiles))
	fmt.Fprintf(b, "  bytes per partition: median %s\n", health.Bytes(p.MedianBytes))
	if len(p.LargestPartitions) > 0 {
		b.WriteString("  largest:\n")
		for _, pc := range p.LargestPartitions {
			fmt.Fprintf(b, "    %-40s %14s %10s\n", pc.Values, health.Plural(pc.Files, "file", "files"), health.Bytes(pc.Bytes))
		}
	}
}

// recentShown is how many recent commits the text output lists.
const recentShown = 10

func writeHistory(b *strings.Builder, h *stats.History) {
	b.WriteString("\nHistory\n")
	if h == nil {
		b.WriteString("  unknown\n")
		return
	}
	fmt.Fprintf(b, "  %s read\n", health.Plural(int64(h.Commits), "commit", "commits"))
	ops := slices.Collect(maps.Keys(h.Operations))
	sort.Slice(ops, func(i, j int) bool {
		if h.Operations[ops[i]] != h.Operations[ops[j]] {
			return h.Operations[ops[i]] > h.Operations[ops[j]]
		}
		return ops[i] < ops[j]
	})
	var parts []string
	for _, op := range ops {
		parts = append(parts, fmt.Sprintf("%s %d", op, h.Operations[op]))
	}
	fmt.Fprintf(b, "  operations: %s\n", orDash(strings.Join(parts, ", ")))
	if s := h.Streaming; s.Commits > 0 {
		fmt.Fprintf(b, "  streaming: %s", health.Plural(int64(s.Commits), "commit", "commits"))
		if s.WithMetrics > 0 {
			fmt.Fprintf(b, "; per commit a median of %s files, %s rows", trimFloat(s.MedianAddedFiles), health.Count(int64(math.Round(s.MedianOutputRows))))
			if s.MedianBytesPerFile > 0 {
				fmt.Fprintf(b, ", %s per file", health.Bytes(int64(s.MedianBytesPerFile)))
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "  last OPTIMIZE: %s\n", commitText(h.LastOptimize))
	fmt.Fprintf(b, "  last VACUUM: %s\n", commitText(h.LastVacuum))
	if len(h.Recent) > 0 {
		b.WriteString("  recent:\n")
		for _, c := range h.Recent[:min(len(h.Recent), recentShown)] {
			fmt.Fprintf(b, "    %s\n", commitText(&c))
		}
	}
}

func commitText(c *stats.Commit) string {
	if c == nil {
		return "none in the history read"
	}
	s := fmt.Sprintf("v%d", c.Version)
	if !c.Timestamp.IsZero() {
		s += " " + c.Timestamp.UTC().Format("2006-01-02 15:04")
	}
	s += " " + c.Operation
	for _, k := range []string{"numFiles", "numAddedFiles", "numRemovedFiles", "numOutputRows", "numOutputBytes"} {
		if v, ok := c.Metrics[k]; ok {
			s += " " + k + "=" + v
		}
	}
	return s
}

// writeVerdicts says which live stats rules the table would trip.
func writeVerdicts(b *strings.Builder, t *stats.Table, st config.Stats) {
	b.WriteString("\nChecks\n")
	verdict := func(code string, bad bool, why string) {
		name := code
		if r := rules.ByCode(code); r != nil {
			name += " " + r.Doc.Name
		}
		state := "ok"
		if bad {
			state = "would report: " + why
		}
		fmt.Fprintf(b, "  %-38s %s\n", name, state)
	}
	sf, bad := health.CheckSmallFiles(t, st)
	verdict("LL901", bad, fmt.Sprintf("%s files, median %s, average %s, under %s", health.Count(sf.Files), health.Bytes(sf.Median), health.Bytes(sf.Average), health.Bytes(sf.Threshold)))
	pe, bad := health.CheckPartitioning(t, st)
	verdict("LL902", bad, fmt.Sprintf("%s partitions, median partition %s", health.Count(pe.Distinct), health.Bytes(pe.MedianBytes)))
	sc, bad := health.CheckStreamingCommits(t, st)
	verdict("LL903", bad, fmt.Sprintf("%d streaming commits, median %s files of %s", sc.Commits, trimFloat(sc.MedianAddedFiles), health.Bytes(int64(sc.MedianBytesPerFile))))
}

func list(ss []string) string {
	if len(ss) == 0 {
		return "-"
	}
	return strings.Join(ss, ", ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func trimFloat(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", f), "0"), ".")
}
