// Package rule is what every lakelint rule is built from: its documentation
// as data, the facts it reads, and a Report helper that turns fact spans into
// go/analysis diagnostics.
package rule

import (
	"fmt"
	"go/token"
	"reflect"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
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

	// Other gives the positions of another file of the run, which a span
	// names (facts.Span.File), in Tok's file set; nil when unknown.
	Other func(path string) *token.File
	// PlaceIn describes an offset of another file of the run for
	// messages: "line 3 of lib/io.py".
	PlaceIn func(path string, off int) string

	// others are what Other gave, by file: spans name a few files many times
	others map[facts.FileID]*token.File

	// Schedule is how often a job or DAG of the project runs the file; nil
	// when none runs it on a known schedule.
	Schedule *Schedule

	// NoLiveStats says no table of Catalog has live stats, so that rules
	// need not look for writes into one.
	NoLiveStats bool

	// Room is where the file's diagnostics take their slices from and
	// where the pass keeps answers about the file; nil for one of the
	// input's own. A room serves one file at a time: Reset it before the next.
	Room *Room
}

// room is Room, made on first use when the driver gave none.
func (in *Input) room() *Room {
	if in.Room == nil {
		in.Room = &Room{}
	}
	return in.Room
}

// other is Other(id.Path()), asked once per file: the first files' answers
// are kept in the room, those of files beyond in a map.
func (in *Input) other(id facts.FileID) *token.File {
	r := in.room()
	for _, o := range r.others {
		if o.id == id {
			return o.tf
		}
	}
	if tf, ok := in.others[id]; ok {
		return tf
	}
	var tf *token.File
	if in.Other != nil {
		tf = in.Other(id.Path())
	}
	if len(r.others) < maxOthersKept {
		r.others = append(r.others, otherKept{id, tf})
		return tf
	}
	if in.others == nil {
		in.others = map[facts.FileID]*token.File{}
	}
	in.others[id] = tf
	return tf
}

// otherKept is Other's answer for a file.
type otherKept struct {
	id facts.FileID
	tf *token.File
}

// maxOthersKept bounds the answers the room keeps, and so the scan for one.
const maxOthersKept = 32

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

	url string // Doc.URL(), made once per rule rather than per report
}

// New makes a rule from its doc and its check.
func New(doc *Doc, check func(*Pass)) *Rule {
	url := doc.URL()
	a := &analysis.Analyzer{
		Name:     doc.Code,
		Doc:      doc.Summary,
		URL:      url,
		Requires: []*analysis.Analyzer{InputAnalyzer},
	}
	a.Run = func(p *analysis.Pass) (any, error) {
		in, _ := p.ResultOf[InputAnalyzer].(*Input)
		if in == nil {
			return nil, fmt.Errorf("%s: no input", doc.Code)
		}
		check(&Pass{Pass: p, Input: in, Doc: doc, url: url})
		return nil, nil
	}
	return &Rule{Doc: doc, Analyzer: a}
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
		for _, f := range fixes {
			if len(f.Edits) == 0 && !f.unfixable {
				continue
			}
			if d.SuggestedFixes == nil {
				d.SuggestedFixes = p.room().fixes.Slice(len(fixes), block)
			}
			sf := analysis.SuggestedFix{Message: f.message()}
			if len(f.Edits) > 0 {
				sf.TextEdits = p.room().edits.Slice(len(f.Edits), block)
			}
			for _, e := range f.Edits {
				pos, end := p.positions(e.Span)
				sf.TextEdits = append(sf.TextEdits, analysis.TextEdit{Pos: pos, End: end, NewText: p.room().bytesOf(e.NewText)})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, sf)
		}
	}
	if len(related) > 0 {
		d.Related = p.room().related.Slice(len(related), block)
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
	tf := p.Tok
	if sp.File != 0 {
		tf = p.other(sp.File)
		if tf == nil { // a file the driver does not know: a place past Tok's, in no file of this run
			fs := token.NewFileSet()
			fs.AddFile("", -1, p.Tok.Base()+p.Tok.Size())
			tf = fs.AddFile(sp.File.Path(), -1, 0)
		}
	}
	at := func(off int) token.Pos { return tf.Pos(max(0, min(off, tf.Size()))) }
	return at(sp.Start), at(sp.End)
}
