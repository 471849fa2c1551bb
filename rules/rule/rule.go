// Package rule is what every lakelint rule is built from: its documentation
// as data, the facts it reads, and a Report helper that turns fact spans into
// go/analysis diagnostics.
package rule

import (
	"fmt"
	"go/token"
	"reflect"
	"regexp"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
)

// DocsBase is where rule pages live; a rule's URL is DocsBase + code + ".md".
const DocsBase = "https://github.com/lakelint/lakelint/blob/main/docs/rules/"

// FixKind says whether a rule offers a fix and how safe it is.
type FixKind int

const (
	NoFix FixKind = iota
	SafeFix
	UnsafeFix
)

func (k FixKind) String() string {
	return [...]string{"none", "safe", "unsafe"}[k]
}

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
	Fix                   FixKind
	// FixSafety says what the fix changes and why it is safe or not.
	FixSafety string
	// Options lists the config keys that tune the rule.
	Options []string
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
	case d.Fix != NoFix && d.FixSafety == "":
		return fmt.Errorf("%s: a fix needs a fix-safety note", d.Code)
	}
	return nil
}

// Input is what the driver hands every rule for one file.
type Input struct {
	Facts   *facts.File
	Catalog *catalog.Catalog
	Config  *config.Config
	// Tok gives the file's positions to go/analysis; it has no line table.
	Tok *token.File
	// Place describes an offset for messages ("line 7", "cell 2, line 3").
	Place func(off int) string

	// Platform is where the code runs, resolved once per run (never auto);
	// PlatformWhy says what decided it.
	Platform    config.Platform
	PlatformWhy string
}

// InputAnalyzer stands for the facts of a file. The driver does not run it: it
// puts the file's *Input in every rule pass's ResultOf under this key.
var InputAnalyzer = &analysis.Analyzer{
	Name:       "lakelintinput",
	Doc:        "facts of one file, supplied by the lakelint driver",
	Run:        func(*analysis.Pass) (any, error) { return nil, fmt.Errorf("lakelintinput is supplied by the driver") },
	ResultType: reflect.TypeOf((*Input)(nil)),
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
}

// New makes a rule from its doc and its check.
func New(doc *Doc, check func(*Pass)) *Rule {
	a := &analysis.Analyzer{
		Name:     doc.Code,
		Doc:      doc.Summary,
		URL:      doc.URL(),
		Requires: []*analysis.Analyzer{InputAnalyzer},
	}
	a.Run = func(p *analysis.Pass) (any, error) {
		in, _ := p.ResultOf[InputAnalyzer].(*Input)
		if in == nil {
			return nil, fmt.Errorf("%s: no input", doc.Code)
		}
		check(&Pass{Pass: p, Input: in, Doc: doc})
		return nil, nil
	}
	return &Rule{Doc: doc, Analyzer: a}
}

// Fix is a suggested fix in document offsets.
type Fix struct {
	Title string
	Edits []facts.Edit
}

// Report reports a finding at span, with optional fixes. Fixes on a rule
// whose Doc declares none are a programming error and are dropped.
func (p *Pass) Report(at facts.Span, msg string, fixes ...Fix) {
	p.ReportRelated(at, msg, nil, fixes...)
}

// Related is evidence a message cites, in the same file.
type Related struct {
	At      facts.Span
	Message string
}

// ReportRelated reports a finding with the evidence its message cites.
func (p *Pass) ReportRelated(at facts.Span, msg string, related []Related, fixes ...Fix) {
	d := analysis.Diagnostic{
		Pos:      p.pos(at.Start),
		End:      p.pos(at.End),
		Category: p.Doc.Code,
		Message:  msg,
		URL:      p.Doc.URL(),
	}
	if p.Doc.Fix != NoFix {
		for _, f := range fixes {
			if len(f.Edits) == 0 {
				continue
			}
			sf := analysis.SuggestedFix{Message: f.Title}
			for _, e := range f.Edits {
				sf.TextEdits = append(sf.TextEdits, analysis.TextEdit{
					Pos: p.pos(e.Start), End: p.pos(e.End), NewText: []byte(e.NewText),
				})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, sf)
		}
	}
	for _, r := range related {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: p.pos(r.At.Start), End: p.pos(r.At.End), Message: r.Message})
	}
	p.Pass.Report(d)
}

func (p *Pass) pos(off int) token.Pos {
	off = max(0, min(off, p.Tok.Size()))
	return p.Tok.Pos(off)
}
