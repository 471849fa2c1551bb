// Package finding is the resolved form of a diagnostic: file, code, severity,
// exact positions (line, byte column and UTF-16 character) and fixes. Output
// formats, the fixer and the language server read findings and nothing else.
package finding

// Severity follows LSP's DiagnosticSeverity numbering.
type Severity int

const (
	Error       Severity = 1
	Warning     Severity = 2
	Information Severity = 3
	Hint        Severity = 4
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Information:
		return "info"
	case Hint:
		return "hint"
	}
	return "unknown"
}

// ParseSeverity reads a severity name as written in config ("error", "warning", "info", "hint").
func ParseSeverity(s string) (Severity, bool) {
	switch s {
	case "error":
		return Error, true
	case "warning", "warn":
		return Warning, true
	case "info", "information":
		return Information, true
	case "hint":
		return Hint, true
	}
	return 0, false
}

// Applicability says whether a fix may be applied without review.
type Applicability string

const (
	Safe   Applicability = "safe"
	Unsafe Applicability = "unsafe"
)

// Position is a place in a document.
type Position struct {
	Offset int // byte offset in the document text
	Line   int // 1-based; in a Jupyter notebook, relative to the cell
	Column int // 1-based, in Unicode code points (what people count)
	// Character is the 0-based column in UTF-16 code units (what LSP counts).
	Character int
}

// Edit replaces the text between Start and End with NewText, in the
// finding's file or in the file Path names.
type Edit struct {
	Start, End Position
	NewText    string
	// Path and AbsPath name the file the edit is in when it is another than
	// the finding's (a dbt model's fix in its project's YAML), as Finding's
	// do; "" for the finding's own file.
	Path, AbsPath string
}

// Foreign reports whether the edit is in another file than its finding's.
func (e *Edit) Foreign() bool { return e.Path != "" }

// EditPath returns the file e is in: its own, or the finding's.
func (f *Finding) EditPath(e *Edit) (path, abs string) {
	if e.Path != "" {
		return e.Path, e.AbsPath
	}
	return f.Path, f.AbsPath
}

// Foreign reports whether any edit of the fix is in another file than its
// finding's.
func (x *Fix) Foreign() bool {
	for i := range x.Edits {
		if x.Edits[i].Foreign() {
			return true
		}
	}
	return false
}

// Fix is one suggested fix.
type Fix struct {
	Title         string
	Applicability Applicability
	Edits         []Edit
}

// Finding is one diagnostic, ready to print.
//
//factgen:root
type Finding struct {
	Path     string // as given on the command line (or discovered below it)
	AbsPath  string // absolute path, for file:// URIs
	Code     string // "LL101"
	Rule     string // "repartition-before-optimized-write"
	URL      string // rule documentation
	Severity Severity
	Message  string
	Start    Position
	End      Position
	Cell     int // 1-based Jupyter cell, 0 elsewhere
	Fixes    []Fix

	// FileStart and FileEnd are Start and End in the lines of the file as
	// stored, for a Jupyter notebook (where Start and End count from the
	// cell): what tools reading the .ipynb as text point at. Zero elsewhere.
	FileStart, FileEnd Position
	// Source is the text of the lines the finding and its fixes cover (at
	// most a dozen), for code frames and fingerprints; SourceLine is the
	// number of its first line, counted as Start.Line is.
	Source     []string
	SourceLine int
	// Related are other places, in the file or another, that explain the finding.
	Related []Related
	// Subject is the table (or path) the finding is about, when a fact of
	// the file at its place names one: part of its fingerprint.
	Subject string
	// NoFix says why the rule's fix is not offered here (it failed the
	// fixer's checks); "" otherwise.
	NoFix string
}

// Related is a place that explains a finding ("the table is partitioned
// here"): in the finding's file, or in the file Path names.
type Related struct {
	Message            string
	Start, End         Position
	Cell               int
	FileStart, FileEnd Position // as in Finding, for notebooks
	// Path and AbsPath name the file when it is another than the
	// finding's, as Finding's do; "" for the finding's own file.
	Path, AbsPath string
}

// RelatedPath returns the file r is in: its own, or the finding's.
func (f *Finding) RelatedPath(r *Related) (path, abs string) {
	if r.Path != "" {
		return r.Path, r.AbsPath
	}
	return f.Path, f.AbsPath
}

// InFile returns the finding's start and end in the lines of the file as
// stored: FileStart and FileEnd for a notebook, Start and End elsewhere.
func (f *Finding) InFile() (start, end Position) {
	if f.Cell > 0 && f.FileStart.Line > 0 {
		return f.FileStart, f.FileEnd
	}
	return f.Start, f.End
}

// HasFix reports whether the finding carries a fix of the given applicability.
func (f *Finding) HasFix(a Applicability) bool {
	for _, x := range f.Fixes {
		if x.Applicability == a {
			return true
		}
	}
	return false
}

// Less orders findings by path, line, column and code, as every output
// prints them; findings alike in all four go by where they end and what
// they say, so that the order never rests on the order they came in.
func Less(a, b *Finding) bool {
	if a.Path != b.Path {
		return a.Path < b.Path
	}
	if a.Cell != b.Cell {
		return a.Cell < b.Cell
	}
	if a.Start.Line != b.Start.Line {
		return a.Start.Line < b.Start.Line
	}
	if a.Start.Column != b.Start.Column {
		return a.Start.Column < b.Start.Column
	}
	if a.Code != b.Code {
		return a.Code < b.Code
	}
	if a.End.Line != b.End.Line {
		return a.End.Line < b.End.Line
	}
	if a.End.Column != b.End.Column {
		return a.End.Column < b.End.Column
	}
	if a.Message != b.Message {
		return a.Message < b.Message
	}
	return a.Subject < b.Subject
}
