package output

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/lakelint/lakelint/finding"
)

// gitlabPrinter prints a GitLab Code Quality report: a JSON array of issues
// in the Code Climate format, the fields GitLab reads (description,
// check_name, fingerprint, severity, location.path, location.lines.begin)
// plus those Code Climate requires (type, categories).
type gitlabPrinter struct {
	opts   Options
	issues []gitlabIssue
	fp     fingerprints
}

type gitlabIssue struct {
	Type        string         `json:"type"`
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Categories  []string       `json:"categories"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
	End   int `json:"end"`
}

func (g *gitlabPrinter) file(_ *bufio.Writer, findings []*finding.Finding) error {
	for _, f := range findings {
		path := findingPath(f, g.opts)
		start, end := f.InFile()
		begin := max(start.Line, 1)
		// GitLab wants the fingerprint unique in the report: the path is
		// part of it
		sum := sha256.Sum256([]byte(path + "\x00" + g.fp.of(f)))
		g.issues = append(g.issues, gitlabIssue{
			Type:        "issue",
			Description: f.Code + ": " + notebookPrefix(f) + f.Message,
			CheckName:   f.Code,
			Categories:  []string{"Performance"},
			Fingerprint: hex.EncodeToString(sum[:16]),
			Severity:    gitlabSeverity(severity(f)),
			Location:    gitlabLocation{Path: path, Lines: gitlabLines{Begin: begin, End: max(end.Line, begin)}},
		})
	}
	return nil
}

func (g *gitlabPrinter) end(w *bufio.Writer) error {
	if g.issues == nil {
		g.issues = []gitlabIssue{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(g.issues)
}

func gitlabSeverity(s finding.Severity) string {
	switch s {
	case finding.Error:
		return "critical"
	case finding.Warning:
		return "major"
	case finding.Information:
		return "minor"
	}
	return "info"
}
