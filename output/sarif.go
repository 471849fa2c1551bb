package output

import (
	"bufio"
	"cmp"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lakelint/lakelint/finding"
)

// SARIF 2.1.0, the subset lakelint fills in: what GitHub code scanning
// reads (rules with help, regions, fingerprints) and the run's notices.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	// OriginalURIBaseIDs says where %SRCROOT% is, when the root is known.
	OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds,omitempty"`
	// ColumnKind is utf16CodeUnits, so columns are finding.Position.Character+1.
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string               `json:"id"`
	Name                 string               `json:"name,omitempty"`
	ShortDescription     *sarifMessage        `json:"shortDescription,omitempty"`
	FullDescription      *sarifMessage        `json:"fullDescription,omitempty"`
	Help                 *sarifHelp           `json:"help,omitempty"`
	HelpURI              string               `json:"helpUri,omitempty"`
	DefaultConfiguration sarifConfiguration   `json:"defaultConfiguration"`
	Properties           *sarifRuleProperties `json:"properties,omitempty"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRuleProperties struct {
	Tags      []string `json:"tags,omitempty"`
	Precision string   `json:"precision,omitempty"`
	// ProblemSeverity is how GitHub code scanning ranks a non-security alert.
	ProblemSeverity string `json:"problem.severity,omitempty"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifResult struct {
	RuleID              string                 `json:"ruleId"`
	RuleIndex           int                    `json:"ruleIndex"`
	Level               string                 `json:"level"`
	Message             sarifMessage           `json:"message"`
	Locations           []sarifLocation        `json:"locations"`
	RelatedLocations    []sarifRelatedLocation `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string      `json:"partialFingerprints"`
	Fixes               []sarifFix             `json:"fixes,omitempty"`
	Properties          *sarifProperties       `json:"properties,omitempty"`
}

// sarifProperties places a notebook finding in its cell: the region counts
// lines of the .ipynb file, what tools reading it as text show.
type sarifProperties struct {
	Cell       int `json:"cell"`
	CellLine   int `json:"cellLine"`
	CellColumn int `json:"cellColumn"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
}

type sarifRelatedLocation struct {
	ID               int                   `json:"id"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifMessage         `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description     sarifMessage          `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Replacements     []sarifReplacement    `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion sarifRegion `json:"deletedRegion"`
	// InsertedContent is there for a deletion too, as {"text": ""}: SARIF
	// readers such as reviewdog's expect it on every replacement.
	InsertedContent sarifMessage `json:"insertedContent"`
}

const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// fingerprintKey names lakelint's partial fingerprint; the version changes
// if the way it is computed ever does.
const fingerprintKey = "lakelint/v1"

// sarifPrinter keeps the findings until the end: SARIF is one document
// whose rule table lists the rules found.
type sarifPrinter struct {
	opts     Options
	findings []*finding.Finding
	notes    []Notice
}

func (s *sarifPrinter) file(_ *bufio.Writer, findings []*finding.Finding) error {
	s.findings = append(s.findings, findings...)
	return nil
}

func (s *sarifPrinter) notices(ns []Notice) { s.notes = append(s.notes, ns...) }

func (s *sarifPrinter) end(w *bufio.Writer) error {
	rules, index := sarifRules(s.findings, s.opts)
	results := make([]sarifResult, 0, len(s.findings))
	var fp fingerprints
	for _, f := range s.findings {
		results = append(results, sarifResultOf(f, index[f.Code], fp.of(f), s.opts))
	}
	info := cmp.Or(s.opts.InformationURI, DefaultInformationURI)
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "lakelint",
			Version:        s.opts.Version,
			InformationURI: info,
			Rules:          rules,
		}},
		Invocations: []sarifInvocation{s.invocation()},
		ColumnKind:  "utf16CodeUnits",
		Results:     results,
	}
	if s.opts.Root != "" {
		root := fileURI(s.opts.Root)
		if !strings.HasSuffix(root, "/") {
			root += "/"
		}
		run.OriginalURIBaseIDs = map[string]sarifArtifactLocation{"%SRCROOT%": {URI: root}}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

// invocation reports whether the run succeeded and what it could not lint.
func (s *sarifPrinter) invocation() sarifInvocation {
	inv := sarifInvocation{ExecutionSuccessful: true}
	for _, n := range s.notes {
		level := "warning"
		if n.Error {
			level = "error"
			inv.ExecutionSuccessful = false
		}
		sn := sarifNotification{Level: level, Message: sarifMessage{Text: n.Message}}
		if n.Path != "" {
			sn.Locations = []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
				ArtifactLocation: sarifArtifact(n.Path, "", s.opts),
			}}}
		}
		inv.Notifications = append(inv.Notifications, sn)
	}
	return inv
}

// sarifRules describes every known rule and every code found, sorted by
// code, and says where each sits in the list: code scanning closes the
// alerts of a rule it still knows when they stop being reported.
func sarifRules(findings []*finding.Finding, opts Options) ([]sarifRule, map[string]int) {
	infos := map[string]RuleInfo{}
	for code, info := range opts.Rules {
		infos[code] = info
	}
	for _, f := range findings {
		known, ok := infos[f.Code]
		if ok && known.Name != "" && known.URL != "" && known.Level != 0 {
			continue
		}
		known.Name = cmp.Or(known.Name, f.Rule)
		known.URL = cmp.Or(known.URL, f.URL)
		if known.Level < finding.Error || known.Level > finding.Hint {
			known.Level = severity(f)
		}
		infos[f.Code] = known
	}
	codes := make([]string, 0, len(infos))
	for code := range infos {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	rules := make([]sarifRule, 0, len(codes))
	index := make(map[string]int, len(codes))
	for i, code := range codes {
		rules = append(rules, sarifRuleOf(code, infos[code]))
		index[code] = i
	}
	return rules, index
}

func sarifRuleOf(code string, info RuleInfo) sarifRule {
	level := info.Level
	if level < finding.Error || level > finding.Hint {
		level = finding.Warning
	}
	r := sarifRule{
		ID:                   code,
		Name:                 info.Name,
		HelpURI:              info.URL,
		DefaultConfiguration: sarifConfiguration{Level: sarifLevel(level)},
		Properties: &sarifRuleProperties{
			Tags:            uniqueTags(info.Tags),
			Precision:       "high",
			ProblemSeverity: sarifProblemSeverity(level),
		},
	}
	summary := cmp.Or(info.Summary, info.Name, code)
	r.ShortDescription = &sarifMessage{Text: summary}
	// GitHub code scanning rejects a fullDescription over 1,024 characters;
	// the whole text is in help.
	r.FullDescription = &sarifMessage{Text: clip(cmp.Or(strings.TrimSpace(summary+" "+info.Description), summary), maxFullDescription)}
	// every rule has help, even one lakelint knows only from a finding
	text := info.HelpText
	if text == "" {
		text = summary
		if info.URL != "" {
			text += "\n\nSee " + info.URL + " or run `lakelint rule " + code + "`."
		}
	}
	r.Help = &sarifHelp{Text: text, Markdown: info.HelpMarkdown}
	return r
}

func sarifResultOf(f *finding.Finding, ruleIndex int, fingerprint string, opts Options) sarifResult {
	artifact := sarifArtifact(f.Path, f.AbsPath, opts)
	start, end := f.InFile()
	r := sarifResult{
		RuleID:    f.Code,
		RuleIndex: ruleIndex,
		Level:     sarifLevel(severity(f)),
		Message:   sarifMessage{Text: notebookPrefix(f) + f.Message},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
			ArtifactLocation: artifact,
			Region:           sarifRegionOf(start, end),
		}}},
		PartialFingerprints: map[string]string{fingerprintKey: fingerprint},
	}
	for i, rel := range f.Related {
		rs, re := rel.Start, rel.End
		if rel.Cell > 0 && rel.FileStart.Line > 0 {
			rs, re = rel.FileStart, rel.FileEnd
		}
		at := artifact
		if rel.Path != "" { // evidence in another file: a table's definition, a helper's setting
			at = sarifArtifact(rel.Path, rel.AbsPath, opts)
		}
		loc := sarifRelatedLocation{ID: i + 1, PhysicalLocation: sarifPhysicalLocation{
			ArtifactLocation: at, Region: sarifRegionOf(rs, re),
		}}
		if rel.Message != "" {
			loc.Message = &sarifMessage{Text: rel.Message}
		}
		r.RelatedLocations = append(r.RelatedLocations, loc)
	}
	if f.Cell > 0 {
		// fixes are in cell text, not in the file's JSON: they are left to
		// `lakelint check --fix`
		r.Properties = &sarifProperties{Cell: f.Cell, CellLine: f.Start.Line, CellColumn: f.Start.Column}
		return r
	}
	for _, fix := range f.Fixes {
		r.Fixes = append(r.Fixes, sarifFix{
			Description:     sarifMessage{Text: fix.Title},
			ArtifactChanges: sarifChanges(f, fix, artifact, opts),
		})
	}
	return r
}

// sarifChanges are a fix's edits as one artifact change per file it
// edits, the finding's own first.
func sarifChanges(f *finding.Finding, fix finding.Fix, own sarifArtifactLocation, opts Options) []sarifArtifactChange {
	changes := []sarifArtifactChange{{ArtifactLocation: own, Replacements: []sarifReplacement{}}}
	files := []string{""}
	for i := range fix.Edits {
		e := &fix.Edits[i]
		k := slices.Index(files, e.Path)
		if k < 0 {
			k = len(files)
			files = append(files, e.Path)
			changes = append(changes, sarifArtifactChange{ArtifactLocation: sarifArtifact(e.Path, e.AbsPath, opts), Replacements: []sarifReplacement{}})
		}
		rep := sarifReplacement{DeletedRegion: *sarifRegionOf(e.Start, e.End), InsertedContent: sarifMessage{Text: e.NewText}}
		changes[k].Replacements = append(changes[k].Replacements, rep)
	}
	if len(changes) > 1 && len(changes[0].Replacements) == 0 {
		changes = changes[1:] // the fix is all in other files
	}
	return changes
}

// sarifArtifact names a file relative to the project root (%SRCROOT%), or
// by a file:// URI when it lies outside the root or its path was absolute.
func sarifArtifact(path, abs string, opts Options) sarifArtifactLocation {
	p, inRoot := projectPath(path, abs, opts)
	switch {
	case inRoot:
		return sarifArtifactLocation{URI: relativeURI(p), URIBaseID: "%SRCROOT%"}
	case filepath.IsAbs(path) || opts.Root != "":
		return sarifArtifactLocation{URI: fileURI(cmp.Or(abs, path))}
	}
	return sarifArtifactLocation{URI: relativeURI(p), URIBaseID: "%SRCROOT%"}
}

// sarifRegionOf always has a startLine: a finding with no line is placed
// on the first.
func sarifRegionOf(start, end finding.Position) *sarifRegion {
	r := &sarifRegion{StartLine: max(start.Line, 1), StartColumn: max(start.Character, 0) + 1}
	if end.Line >= r.StartLine {
		r.EndLine, r.EndColumn = end.Line, max(end.Character, 0)+1
		if r.EndLine == r.StartLine && r.EndColumn < r.StartColumn {
			r.EndColumn = r.StartColumn
		}
	}
	return r
}

// maxFullDescription is the longest rule fullDescription GitHub accepts, in
// characters.
const maxFullDescription = 1024

// clip shortens s to at most limit characters, at a space where one is
// near, ending with "…".
func clip(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	runes := []rune(s)[:limit-1]
	cut := len(runes)
	for i := cut - 1; i > cut-80 && i > 0; i-- {
		if unicode.IsSpace(runes[i]) {
			cut = i
			break
		}
	}
	return strings.TrimRightFunc(string(runes[:cut]), unicode.IsSpace) + "…"
}

// uniqueTags is "lakelint" and the rule's tags, each once (SARIF requires it).
func uniqueTags(tags []string) []string {
	out := []string{"lakelint"}
	for _, t := range tags {
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

func sarifLevel(s finding.Severity) string {
	switch s {
	case finding.Error:
		return "error"
	case finding.Warning:
		return "warning"
	}
	return "note"
}

func sarifProblemSeverity(s finding.Severity) string {
	switch s {
	case finding.Error:
		return "error"
	case finding.Warning:
		return "warning"
	}
	return "recommendation"
}
