package output

import (
	"bufio"
	"cmp"
	"encoding/json"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/lakelint/lakelint/finding"
)

// SARIF 2.1.0, the subset lakelint fills in.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool sarifTool `json:"tool"`
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
	ID                   string             `json:"id"`
	Name                 string             `json:"name,omitempty"`
	ShortDescription     *sarifMessage      `json:"shortDescription,omitempty"`
	HelpURI              string             `json:"helpUri,omitempty"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID     string           `json:"ruleId"`
	RuleIndex  int              `json:"ruleIndex"`
	Level      string           `json:"level"`
	Message    sarifMessage     `json:"message"`
	Locations  []sarifLocation  `json:"locations"`
	Fixes      []sarifFix       `json:"fixes,omitempty"`
	Properties *sarifProperties `json:"properties,omitempty"`
}

// sarifProperties places a notebook finding, whose lines count from the
// start of a cell rather than of the .ipynb file.
type sarifProperties struct {
	Cell       int `json:"cell"`
	CellLine   int `json:"cellLine"`
	CellColumn int `json:"cellColumn"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
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
	DeletedRegion   sarifRegion   `json:"deletedRegion"`
	InsertedContent *sarifMessage `json:"insertedContent,omitempty"` // absent for a deletion
}

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// sarifPrinter keeps the findings until the end: SARIF is one document
// whose rule table lists the rules found.
type sarifPrinter struct {
	opts     Options
	findings []*finding.Finding
}

func (s *sarifPrinter) file(_ *bufio.Writer, findings []*finding.Finding) error {
	s.findings = append(s.findings, findings...)
	return nil
}

func (s *sarifPrinter) end(w *bufio.Writer) error { return writeSARIF(w, s.findings, s.opts) }

func writeSARIF(w *bufio.Writer, findings []*finding.Finding, opts Options) error {
	rules, index := sarifRules(findings, opts)
	results := make([]sarifResult, 0, len(findings))
	for _, f := range findings {
		results = append(results, sarifResultOf(f, index[f.Code]))
	}
	info := opts.InformationURI
	if info == "" {
		info = DefaultInformationURI
	}
	log := sarifLog{
		Schema:  sarifSchema,
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name:           "lakelint",
				Version:        opts.Version,
				InformationURI: info,
				Rules:          rules,
			}},
			ColumnKind: "utf16CodeUnits",
			Results:    results,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// sarifRules describes each code present, sorted by code, and says where
// each sits in the list.
func sarifRules(findings []*finding.Finding, opts Options) ([]sarifRule, map[string]int) {
	first := map[string]*finding.Finding{}
	for _, f := range findings {
		if _, ok := first[f.Code]; !ok {
			first[f.Code] = f
		}
	}
	codes := make([]string, 0, len(first))
	for code := range first {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	rules := make([]sarifRule, 0, len(codes))
	index := make(map[string]int, len(codes))
	for i, code := range codes {
		f := first[code]
		info := RuleInfo{Name: f.Rule, URL: f.URL, Level: severity(f)}
		if known, ok := opts.Rules[code]; ok {
			info.Summary = known.Summary
			info.Name = cmp.Or(known.Name, info.Name)
			info.URL = cmp.Or(known.URL, info.URL)
			if known.Level >= finding.Error && known.Level <= finding.Hint {
				info.Level = known.Level
			}
		}
		r := sarifRule{
			ID:                   code,
			Name:                 info.Name,
			HelpURI:              info.URL,
			DefaultConfiguration: sarifConfiguration{Level: sarifLevel(info.Level)},
		}
		if info.Summary != "" {
			r.ShortDescription = &sarifMessage{Text: info.Summary}
		}
		rules = append(rules, r)
		index[code] = i
	}
	return rules, index
}

func sarifResultOf(f *finding.Finding, ruleIndex int) sarifResult {
	artifact := sarifArtifact(f.Path)
	r := sarifResult{
		RuleID:    f.Code,
		RuleIndex: ruleIndex,
		Level:     sarifLevel(severity(f)),
		Message:   sarifMessage{Text: f.Message},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: artifact}}},
	}
	if f.Cell > 0 {
		// Cell-relative lines would point at the wrong lines of the .ipynb
		// file, and so would fixes: say where in words instead.
		r.Message.Text = "cell " + strconv.Itoa(f.Cell) + ", line " + strconv.Itoa(f.Start.Line) +
			", column " + strconv.Itoa(f.Start.Column) + ": " + f.Message
		r.Properties = &sarifProperties{Cell: f.Cell, CellLine: f.Start.Line, CellColumn: f.Start.Column}
		return r
	}
	if f.Start.Line > 0 {
		r.Locations[0].PhysicalLocation.Region = sarifRegionOf(f.Start, f.End)
	}
	for _, fix := range f.Fixes {
		change := sarifArtifactChange{ArtifactLocation: artifact, Replacements: []sarifReplacement{}}
		for _, e := range fix.Edits {
			rep := sarifReplacement{DeletedRegion: *sarifRegionOf(e.Start, e.End)}
			if e.NewText != "" {
				rep.InsertedContent = &sarifMessage{Text: e.NewText}
			}
			change.Replacements = append(change.Replacements, rep)
		}
		r.Fixes = append(r.Fixes, sarifFix{
			Description:     sarifMessage{Text: fix.Title},
			ArtifactChanges: []sarifArtifactChange{change},
		})
	}
	return r
}

// sarifArtifact names a file relative to the source root, or by a file://
// URI when the path given was absolute.
func sarifArtifact(path string) sarifArtifactLocation {
	if filepath.IsAbs(path) {
		return sarifArtifactLocation{URI: fileURI(path)}
	}
	return sarifArtifactLocation{URI: relativeURI(path), URIBaseID: "%SRCROOT%"}
}

func sarifRegionOf(start, end finding.Position) *sarifRegion {
	r := &sarifRegion{StartLine: max(start.Line, 1), StartColumn: max(start.Character, 0) + 1}
	if end.Line > 0 {
		r.EndLine, r.EndColumn = end.Line, max(end.Character, 0)+1
	}
	return r
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
