package rule

import (
	"fmt"
	"math"
	"strings"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
)

// Schedule is how often a job or DAG of the project runs the file's code:
// its most frequent unpaused schedule.
type Schedule struct {
	RunsPerDay float64
	// Job names the job ("job `ingest`", "DAG `daily_orders`").
	Job string
	// Where is the schedule's place: "resources/ingest.yml:12".
	Where string
}

// Every says how often: "every 5 minutes", "24 times a day".
func (s *Schedule) Every() string {
	if s.RunsPerDay <= 0 {
		return "never"
	}
	minutes := 1440 / s.RunsPerDay
	switch {
	case minutes < 60 && minutes == math.Trunc(minutes):
		return plural(int(minutes), "minute")
	case minutes < 1440 && math.Mod(minutes, 60) == 0:
		return plural(int(minutes/60), "hour")
	case s.RunsPerDay == 1:
		return "once a day"
	case s.RunsPerDay == math.Trunc(s.RunsPerDay):
		return fmt.Sprintf("%s times a day", Count(int64(s.RunsPerDay)))
	}
	return fmt.Sprintf("%.1f times a day", s.RunsPerDay)
}

func plural(n int, unit string) string {
	if n == 1 {
		return "every " + unit
	}
	return fmt.Sprintf("every %d %ss", n, unit)
}

// Cite says the schedule for a message: "runs every 5 minutes (job
// `ingest`, resources/ingest.yml:12)".
func (s *Schedule) Cite() string {
	where := s.Job
	if s.Where != "" {
		where += ", " + s.Where
	}
	return "runs " + s.Every() + " (" + where + ")"
}

// Count writes n with thousands separators.
func Count(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// OptimizeStatement is the OPTIMIZE statement for a table of the catalog:
// by its name, else by its path.
func OptimizeStatement(t *catalog.Table) string {
	if t.Name != "" {
		return "OPTIMIZE " + t.Name
	}
	if t.Path == "" && t.Expr != "" {
		return "OPTIMIZE delta.`<the path in " + t.Expr + ">`"
	}
	return "OPTIMIZE delta.`" + t.Path + "`"
}

// FilesPerRun is how many files a batch write is known to make each run,
// and false when that is not known: a repartition(n) or coalesce(n) right
// before an unpartitioned write, or a write partitioned by one date-level
// column (a scheduled run touches one date), makes n files. Optimized
// writes size files themselves: not known.
func (p *Pass) FilesPerRun(w *facts.Write) (int64, bool) {
	if len(w.Transforms) == 0 || p.optimizedWritesOn(w) {
		return 0, false
	}
	t := w.Transforms[len(w.Transforms)-1]
	if t.Name != "repartition" && t.Name != "coalesce" && t.Name != "REPARTITION" && t.Name != "COALESCE" {
		return 0, false
	}
	n, ok := t.NumPartitions.Number()
	if !ok || n < 1 || n != math.Trunc(n) || len(t.Columns) > 0 {
		return 0, false
	}
	if part := w.PartitionBy; part != nil {
		if part.Dynamic || len(part.Columns) != 1 || !p.Config.LowCardinality(part.Columns[0].Name) || !dateLevel(part.Columns[0].Name) {
			return 0, false
		}
	}
	return int64(n), true
}

// dateLevel: a column named for a day ("event_date", "dt", "ds", "day").
func dateLevel(name string) bool {
	n := strings.ToLower(name)
	return n == "dt" || n == "ds" || n == "day" || n == "date" || strings.HasSuffix(n, "_date") || strings.HasPrefix(n, "date_")
}

// FrequencyNote is what a finding on a batch write adds when a schedule of
// the project runs the file: "; it runs every 5 minutes (job `ingest`,
// resources/ingest.yml:12): up to 2,304 files a day"; "" when nothing runs
// it on a schedule.
func (p *Pass) FrequencyNote(w *facts.Write) string {
	s := p.Schedule
	if s == nil || w.Stream != nil || w.API == facts.DataStreamWriter {
		return ""
	}
	note := "; it " + s.Cite()
	if n, ok := p.FilesPerRun(w); ok {
		note += fmt.Sprintf(": about %s files a day", Count(int64(math.Round(float64(n)*s.RunsPerDay))))
	}
	return note
}

// AutoCompactionOff says whether auto compaction is known to be off for a
// write: switched off by the session or the table, or left off by default on
// open-source Delta with nothing turning it on.
func (p *Pass) AutoCompactionOff(w *facts.Write) bool {
	if s, ok := p.Facts.SettingBefore(ConfAutoCompact, w.Span.Start); ok {
		on, known := s.Value.Truth()
		return known && !on
	}
	if v, ok := w.Properties[PropAutoCompact]; ok {
		on, known := v.Truth()
		return known && !on
	}
	if v, ok := p.Table(w.Target).Property(PropAutoCompact); ok {
		on, known := v.Truth()
		return known && !on
	}
	if s, ok := p.Facts.SettingBefore(ConfDefaultsAC, w.Span.Start); ok {
		if on, _ := s.Value.Truth(); on {
			return false
		}
	}
	return p.Platform == config.PlatformOSS
}

// StreamNote is what a finding on a stream adds about how often it runs:
// the files a day its processing-time trigger allows when each micro-batch
// is known to make n files ("; at 4 files a micro-batch, up to 34,560
// files a day"),
// and the job of the project that starts it ("; job `ingest`
// (resources/ingest.yml:12) starts it every hour"); "" when neither is known.
func (p *Pass) StreamNote(w *facts.Write) string {
	var note string
	if tr := w.Trigger; tr != nil && tr.Kind == facts.TriggerProcessingTime && tr.IntervalOK() && tr.Seconds > 0 {
		if n, ok := p.FilesPerRun(w); ok {
			perDay := int64(math.Round(float64(n) * 86400 / tr.Seconds))
			files := Count(n) + " files"
			if n == 1 {
				files = "1 file"
			}
			note = fmt.Sprintf("; at %s a micro-batch, up to %s files a day", files, Count(perDay))
		}
	}
	if s := p.Schedule; s != nil {
		where := s.Job
		if s.Where != "" {
			where += " (" + s.Where + ")"
		}
		note += "; " + where + " starts it " + strings.TrimPrefix(s.Every(), "runs ")
	}
	return note
}
