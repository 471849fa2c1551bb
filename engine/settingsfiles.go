package engine

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/lakelint/lakelint/extract/noqa"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/orchestration"
)

// Settings files are the files outside the code that give the linted files
// session settings: a project root's spark-defaults.conf, and the bundle
// YAML of the job clusters (spark_conf), spark_submit_task --conf
// parameters and pipeline configurations of the jobs that run them. Each
// becomes a unit of its own in the rule pass, whose only facts are its
// settings, placed in it: the rules that check settings there
// (rule.Doc.SettingsFiles) report each setting once, at its own line, and a
// noqa comment there silences it. The files that get a setting see it
// before their first line, as before, and report it no more themselves.

// settingsUnits are the units of the settings files whose settings reach
// the linted units: every entry of a root's spark-defaults.conf and of a
// task that runs one of them (not only those every task agrees on: each
// task runs the file with its own), each once.
//
// Its notes are the settings of a spark-defaults.conf whose value holds a
// comment: a properties file has none after a value, so Spark reads it as
// part of the value (a "false # noqa: LL303" is no false).
//
// A partial run reports in the files it names only: its settings units are
// those of the settings files it names (named), whose settings reach any
// file of the project.
func (l *Linter) settingsUnits(units []*unit, sched *orchestration.Project, inherited *inheritedSettings, named namedSettings) ([]*unit, []Note) {
	if !l.checksSettingsFiles() || l.opts.Partial && len(named) == 0 {
		return nil, nil
	}
	type entry struct {
		file       string
		start, end int
		key        string
	}
	seen := map[entry]bool{}
	byFile := map[string][]orchestration.Conf{}
	via := map[string]string{}
	add := func(c orchestration.Conf, how string) {
		if c.At.File == "" || c.At.End <= c.At.Start {
			return // not placed: nothing to report at
		}
		e := entry{filepath.Clean(c.At.File), c.At.Start, c.At.End, c.Key}
		if seen[e] || l.opts.Partial && named[e.file] == "" {
			return
		}
		seen[e] = true
		byFile[e.file] = append(byFile[e.file], c)
		if via[e.file] == "" {
			via[e.file] = how
		}
	}
	var run *runFiles
	for _, u := range units {
		if u == nil || !u.linted {
			continue
		}
		run = u.run
		abs := l.abs(u.src.Path)
		for _, c := range inherited.rootConfs(abs) {
			add(c, facts.ViaSparkDefaults)
		}
		if runs := sched.For(abs); runs != nil {
			for _, t := range runs.Tasks {
				for _, c := range t.SparkConf {
					add(c, facts.ViaJobCluster)
				}
			}
		}
	}
	if run == nil || len(byFile) == 0 {
		return nil, nil
	}
	files := make([]string, 0, len(byFile))
	for f := range byFile {
		files = append(files, f)
	}
	sort.Strings(files)
	var out []*unit
	var notes []Note
	for _, file := range files {
		if u := l.settingsUnit(run, file, byFile[file], via[file]); u != nil {
			out = append(out, u)
		}
		if filepath.Base(file) != orchestration.SparkDefaultsName {
			continue
		}
		for _, c := range byFile[file] {
			if i := strings.Index(c.Value, "#"); i > 0 && strings.ContainsAny(c.Value[i-1:i], " \t") {
				notes = append(notes, Note{Path: l.rel(file), Message: fmt.Sprintf(
					"line %d: Spark reads the value of %s as %q: a properties file has no comments after a value; put the comment on a line of its own (above the setting, for a noqa comment)",
					c.At.Line, c.Key, c.Value)})
			}
		}
	}
	return out, notes
}

// namedSettings are the settings files a partial run names, by absolute
// path, each as named.
type namedSettings map[string]string

// namedSettingsFiles takes from a run's sources the files that may be
// settings files: YAML (a bundle's) and spark-defaults.conf, named on the
// command line or open in an editor. Their findings are their settings
// units', made from the whole project.
func (l *Linter) namedSettingsFiles(srcs []Source) ([]Source, namedSettings) {
	var named namedSettings
	var code []Source
	for _, s := range srcs {
		if !SettingsFileName(s.Path) {
			code = append(code, s)
			continue
		}
		if named == nil {
			named = namedSettings{}
		}
		named[filepath.Clean(l.abs(s.Path))] = s.Path
	}
	if named == nil {
		return srcs, nil
	}
	return code, named
}

// SettingsFileName reports whether a file of this name may give the
// project's code Spark settings: a bundle's YAML or a spark-defaults.conf.
func SettingsFileName(p string) bool {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".yml", ".yaml":
		return true
	}
	return filepath.Base(p) == orchestration.SparkDefaultsName
}

// has reports whether the settings file at abs is named.
func (n namedSettings) has(abs string) bool { return n[filepath.Clean(abs)] != "" }

// unreadFiles are the settings files found that could not be read.
func unreadFiles(sched *orchestration.Project, inherited *inheritedSettings) []string {
	var out []string
	for _, u := range sched.Unread {
		out = append(out, u.File)
	}
	for _, u := range inherited.unread() {
		out = append(out, u.File)
	}
	return out
}

// sources are the named files, as anchors of the project context.
func (n namedSettings) sources() []Source {
	var out []Source
	for _, p := range n {
		out = append(out, Source{Path: p})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// count is how many named files are linted: a bundle file or
// spark-defaults.conf of the project (among read, the files the run read
// settings and schedules from) is, whether or not its settings have
// findings. Each other is noted in res as skipped.
//
// A named file that could not be read (unread) is noted as such already.
func (n namedSettings) count(read, unread []string, res *Result) int {
	linted := 0
	in := func(files []string, abs string) bool {
		return slices.ContainsFunc(files, func(p string) bool { return filepath.Clean(p) == abs })
	}
	for _, abs := range slices.Sorted(maps.Keys(n)) {
		if in(unread, abs) {
			continue
		}
		if in(read, abs) {
			linted++
			continue
		}
		res.Notes = append(res.Notes, Note{Path: n[abs], Skip: SkipNoSettings, Message: "skipped: not a file of a bundle (databricks.yml and the files it includes) " +
			"nor the spark-defaults.conf of a project root, so it gives the project's code no setting"})
	}
	return linted
}

// checksSettingsFiles reports whether a rule of the run checks settings files.
func (l *Linter) checksSettingsFiles() bool {
	for _, r := range l.rules {
		if r.Doc.SettingsFiles {
			return true
		}
	}
	return false
}

// settingsUnit is the unit of the settings file at abs with entries confs;
// nil when the file is not a text of the run (it could not be read again),
// is one of the run's sources (a bundle's resources in Python code, whose
// own pass sees its code), or is excluded by its config.
func (l *Linter) settingsUnit(run *runFiles, abs string, confs []orchestration.Conf, via string) *unit {
	shown := l.rel(abs)
	rf := run.file(shown)
	if rf == nil || !rf.text {
		return nil
	}
	cfg, err := l.configs.For(shown)
	if err != nil || cfg.Excluded(shown) {
		return nil
	}
	pos, _ := rf.positions()
	if pos == nil {
		return nil
	}
	text := pos.doc.Text
	settings := orchestration.ConfSettings(confs, via, func(string) string { return "" })
	for _, s := range settings {
		// placed in the file itself
		s.At.File, s.Span.File, s.Value.Span.File = 0, 0, 0
	}
	sort.SliceStable(settings, func(i, j int) bool { return settings[i].At.Start < settings[j].At.Start })
	f := &facts.File{Path: shown, Settings: settings, Suppressions: settingsNoqa(shown, text, settings)}
	u := &unit{src: Source{Path: shown}, cfg: cfg, linted: true, size: rf.unit.size, run: run, settingsFacts: f}
	rf.unit = u // its positions are the run's text of it
	return u
}

// settingsNoqa are the noqa comments of a settings file that may silence
// its settings' findings: in YAML (and Python) a comment at the end of a
// setting's line; in a spark-defaults.conf, which like every Java
// properties file has comments only on lines of their own (a "#" after a
// value is part of the value), a comment line directly above the
// setting's. "lakelint: noqa" comments silence the whole file.
func settingsNoqa(path string, text []byte, settings []*facts.Setting) []facts.Suppression {
	lines := lineStarts(text)
	lineOf := func(off int) int { return lines.search(off) }
	at := map[int]bool{} // the lines of settings
	for _, s := range settings {
		at[lineOf(s.At.Start)] = true
	}
	properties := filepath.Base(path) == orchestration.SparkDefaultsName
	var out []facts.Suppression
	for i := 0; i < lines.len(); i++ {
		start, end := lineSpan(text, lines, i)
		line := strings.TrimSuffix(string(text[start:end]), "\n")
		var c int
		if properties {
			trimmed := strings.TrimLeft(line, " \t\f")
			if !strings.HasPrefix(trimmed, "#") && !strings.HasPrefix(trimmed, "!") {
				continue
			}
			c = len(line) - len(trimmed)
			if trimmed[0] == '!' {
				line = line[:c] + "#" + line[c+1:] // the other comment marker
			}
		} else if c = commentStart(line); c < 0 {
			continue
		}
		comment := strings.TrimRight(line[c:], " \t\r")
		codes, fileLevel, ok := noqa.Parse(comment, "#")
		if !ok {
			continue
		}
		sup := facts.Suppression{Span: facts.Span{Start: start + c, End: start + c + len(comment)}, Codes: codes, FileLevel: fileLevel}
		switch {
		case fileLevel:
		case properties:
			// the comment's line and the next, which holds the setting
			if !at[i+1] {
				continue
			}
			_, next := lineSpan(text, lines, i+1)
			sup.Until = next
		case !at[i]:
			continue // a comment on a line of no setting is another tool's
		}
		out = append(out, sup)
	}
	return slices.Clip(out)
}

// commentStart is where a YAML line's comment starts: a "#" at the line's
// start or after a blank, outside quotes; -1 for none.
func commentStart(line string) int {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || strings.IndexByte(" \t[{,:-", line[i-1]) >= 0 {
				quote = c
			}
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return i
		}
	}
	return -1
}
