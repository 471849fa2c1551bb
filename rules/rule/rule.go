// Package rule is what every lakelint rule is built from: its documentation
// as data, the facts it reads, and a Report helper that turns fact spans into
// go/analysis diagnostics.
//
// A rule is a go/analysis Analyzer over one file's facts, made with New from
// a Doc and a check. The lakelint driver runs it as the contract says: the
// analyzers a rule Requires run first, once for the file, and their results
// reach the rule in Pass.ResultOf. Every rule requires Source, whose result
// is the file's Input (its facts, the project's catalog, the configuration,
// the platform and the schedule), and Tables; the answers several rules
// share are analyzers of this package that a rule names in New:
//
//	var Rule = rule.New(Doc, check, rule.LiveWrites)
//
//	func check(p *rule.Pass) {
//		for _, lw := range p.ResultOf[rule.LiveWrites].([]rule.LiveWrite) {
//			p.Report(lw.Write.Span, "...")
//		}
//	}
//
// An answer a second rule needs goes here as an analyzer with a
// ResultType, not into either rule: no rule imports another.
//
// Facts place themselves with spans (document offsets, and the file when it
// is another); Report turns them into token.Pos in Pass.Fset, the run's file
// set, where every file of the run is added once. Pass.Files is empty, since
// the sources are not Go, and Pass.OtherFiles holds the file's path.
package rule

import (
	"fmt"
	"go/token"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/platform"
)

// DocsBase is where rule pages live; a rule's URL is DocsBase + code + ".md".
const DocsBase = "https://github.com/lakelint/lakelint/blob/main/docs/rules/"

// A rule's Doc.Fix says whether it offers fixes and how safe they are, unless
// a fix says otherwise (Fix.Applicability): one type for both, the
// findings' own.
const (
	NoFix     finding.Applicability = ""
	SafeFix   finding.Applicability = finding.Safe
	UnsafeFix finding.Applicability = finding.Unsafe
)

// Doc is everything a user reads about a rule (`lakelint rule LL101`).
type Doc struct {
	Code     string // "LL101"
	Name     string // "repartition-before-optimized-write"
	Severity finding.Severity
	// Off is true for rules that run only when selected.
	Off bool
	// Summary is one sentence: what the rule reports.
	Summary string
	// Why explains the cost in files, time or money, with the mechanism.
	Why string
	// Example triggers the rule; Better is what to write instead. Lang names
	// their language for display ("python" or "sql").
	Example, Better, Lang string
	// Fix is the applicability of the rule's fixes (NoFix for none); a fix
	// may set its own.
	Fix finding.Applicability
	// FixSafety says what the fix changes and why it is safe or not.
	FixSafety string
	// Options lists the config keys that tune the rule.
	Options []string
	// SettingsFiles is set on rules that also check the session settings
	// made outside the code (a project's spark-defaults.conf, a bundle job
	// cluster's spark_conf or spark_submit_task --conf parameters): the
	// engine runs them over each such file once, with the file's settings
	// as its only facts, and their findings are at the settings' lines.
	SettingsFiles bool
}

// URL is the rule's documentation page.
func (d *Doc) URL() string { return DocsBase + d.Code + ".md" }

var codePattern = regexp.MustCompile(`^LL\d{3}$`)

// Validate reports what is missing from a Doc.
func (d *Doc) Validate() error {
	switch {
	case !codePattern.MatchString(d.Code):
		return fmt.Errorf("code %q does not match LLnnn", d.Code)
	case d.Name == "" || d.Summary == "" || d.Why == "" || d.Example == "" || d.Better == "":
		return fmt.Errorf("%s: name, summary, why, example and better are all required", d.Code)
	case d.Lang != "python" && d.Lang != "sql":
		return fmt.Errorf("%s: lang must be python or sql", d.Code)
	case d.Severity < finding.Error || d.Severity > finding.Hint:
		return fmt.Errorf("%s: no default severity", d.Code)
	case d.Fix != NoFix && d.Fix != SafeFix && d.Fix != UnsafeFix:
		return fmt.Errorf("%s: fix %q is neither safe nor unsafe", d.Code, d.Fix)
	case d.Fix != NoFix && d.FixSafety == "":
		return fmt.Errorf("%s: a fix needs a fix-safety note", d.Code)
	}
	return nil
}

// Input is what the driver hands every rule for one file: the result of
// the Source analyzer.
type Input struct {
	Facts   *facts.File
	Catalog *catalog.Catalog
	Config  *config.Config

	// Platform is where the code runs, resolved once per run (never auto);
	// PlatformWhy says what decided it.
	Platform    config.Platform
	PlatformWhy string
	// Plugins are the catalogs the file's project registers as Spark
	// catalog plugins, in any of its files or settings files.
	Plugins []platform.Plugin

	// Schedule is how often a job or DAG of the project runs the file; nil
	// when none runs it on a known schedule.
	Schedule *Schedule

	// Places places the spans of this file and of the run's others.
	Places Places
}

// AFact marks an Input as what the driver hands the Source analyzer: the
// package fact of the pass's package (see Source).
func (*Input) AFact() {}

// Places is the driver's positions of a run's files, in the pass's Fset.
type Places interface {
	// Tok is the token.File, in Pass.Fset, of the file a span names: the
	// pass's own for 0. Never nil: a file the run does not know is one
	// of size 0, every place at its start.
	Tok(id facts.FileID) *token.File
	// Place describes where a span starts, for messages: "line 7",
	// "cell 2, line 3" in a Jupyter notebook, "line 3 of lib/io.py" in
	// another file.
	Place(sp facts.Span) string
}

// Rule is a documented analyzer.
type Rule struct {
	Doc      *Doc
	Analyzer *analysis.Analyzer
}

// Pass is a rule's view of one file.
type Pass struct {
	*analysis.Pass
	*Input
	Doc *Doc

	tables *TableIndex // the Tables analyzer's result
	url    string      // Doc.URL(), made once per rule rather than per report
}

// New makes a rule from its doc and its check. Every rule requires Source
// and Tables; requires names the shared analyzers (LiveWrites,
// FileStreams) whose results the check reads from Pass.ResultOf.
func New(doc *Doc, check func(*Pass), requires ...*analysis.Analyzer) *Rule {
	url := doc.URL()
	a := &analysis.Analyzer{
		Name:     doc.Code,
		Doc:      doc.Summary,
		URL:      url,
		Requires: append([]*analysis.Analyzer{Source, Tables}, requires...),
	}
	a.Run = func(p *analysis.Pass) (any, error) {
		check(passOf(p, doc, url))
		return nil, nil
	}
	return &Rule{Doc: doc, Analyzer: a}
}

// passOf is the rule's view of pass p, which requires Source and Tables.
func passOf(p *analysis.Pass, doc *Doc, url string) *Pass {
	return &Pass{Pass: p, Input: p.ResultOf[Source].(*Input), Doc: doc, tables: p.ResultOf[Tables].(*TableIndex), url: url}
}

// Fix is a suggested fix in document offsets.
type Fix struct {
	Title string
	Edits []facts.Edit
	// Applicability, when set, is this fix's own, in place of the rule's
	// (Doc.Fix): a rule may offer a safe fix in one case and an unsafe one
	// in another.
	Applicability finding.Applicability

	unfixable bool // Unfixable's: Title says why there is no fix
}

// Unfixable stands in the place of a fix the rule cannot offer here and
// says why; the fix run shows it ("LL302 fix at line 4 not offered: why").
func Unfixable(why string) Fix { return Fix{Title: why, unfixable: true} }

// go/analysis has no field for a fix's applicability, so a fix that sets
// its own carries it at the start of its message, as does an Unfixable's
// reason; FixOf reads it back.
const (
	safeMark   = "[safe] "
	unsafeMark = "[unsafe] "
	noFixMark  = "[no fix] "
)

// message is what a SuggestedFix says for f.
func (f Fix) message() string {
	switch {
	case f.unfixable:
		return noFixMark + f.Title
	case f.Applicability == SafeFix:
		return safeMark + f.Title
	case f.Applicability == UnsafeFix:
		return unsafeMark + f.Title
	}
	return f.Title
}

// FixOf reads a fix that rule r reported: its title and applicability, or
// NoFix and why there is none (an Unfixable's).
func FixOf(sf analysis.SuggestedFix, r *Doc) (title string, app finding.Applicability) {
	msg := sf.Message
	switch {
	case strings.HasPrefix(msg, noFixMark):
		return msg[len(noFixMark):], NoFix
	case strings.HasPrefix(msg, safeMark):
		return msg[len(safeMark):], SafeFix
	case strings.HasPrefix(msg, unsafeMark):
		return msg[len(unsafeMark):], UnsafeFix
	}
	return msg, r.Fix
}

// Report reports a finding at span, with optional fixes. Fixes on a rule
// whose Doc declares none are a programming error and are dropped.
func (p *Pass) Report(at facts.Span, msg string, fixes ...Fix) {
	p.ReportRelated(at, msg, nil, fixes...)
}

// Related is evidence a message cites: in the same file, or in the file
// At.File names.
type Related struct {
	At      facts.Span
	Message string
}

// ReportRelated reports a finding with the evidence its message cites.
func (p *Pass) ReportRelated(at facts.Span, msg string, related []Related, fixes ...Fix) {
	pos, end := p.positions(at)
	url := p.url
	if url == "" {
		url = p.Doc.URL()
	}
	d := analysis.Diagnostic{
		Pos:      pos,
		End:      end,
		Category: p.Doc.Code,
		Message:  msg,
		URL:      url,
	}
	if p.Doc.Fix != NoFix {
		// the fixes, their edits and the edits' text are carved from one
		// slice each: a file can report thousands of fixes
		nFix, nEdit, nText := 0, 0, 0
		for _, f := range fixes {
			if len(f.Edits) > 0 || f.unfixable {
				nFix++
				nEdit += len(f.Edits)
				for _, e := range f.Edits {
					nText += len(e.NewText)
				}
			}
		}
		var edits []analysis.TextEdit
		var text []byte
		if nFix > 0 {
			d.SuggestedFixes = make([]analysis.SuggestedFix, 0, nFix)
			edits, text = make([]analysis.TextEdit, 0, nEdit), make([]byte, 0, nText)
		}
		for _, f := range fixes {
			if len(f.Edits) == 0 && !f.unfixable {
				continue
			}
			sf := analysis.SuggestedFix{Message: f.message()}
			if len(f.Edits) > 0 {
				sf.TextEdits = edits[len(edits) : len(edits) : len(edits)+len(f.Edits)]
				edits = edits[:len(edits)+len(f.Edits)]
			}
			for _, e := range f.Edits {
				pos, end := p.positions(e.Span)
				start := len(text)
				text = append(text, e.NewText...)
				sf.TextEdits = append(sf.TextEdits, analysis.TextEdit{Pos: pos, End: end, NewText: text[start:len(text):len(text)]})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, sf)
		}
	}
	if len(related) > 0 {
		d.Related = make([]analysis.RelatedInformation, 0, len(related))
	}
	for _, r := range related {
		pos, end := p.positions(r.At)
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, End: end, Message: r.Message})
	}
	p.Pass.Report(d)
}

// positions are the token positions of sp, in the file it names: a
// diagnostic at another file's span is the driver's to drop (it is about a
// helper, which reports it itself) or, for evidence, to resolve there.
func (p *Pass) positions(sp facts.Span) (token.Pos, token.Pos) {
	tf := p.Places.Tok(sp.File)
	at := func(off int) token.Pos { return tf.Pos(max(0, min(off, tf.Size()))) }
	return at(sp.Start), at(sp.End)
}
