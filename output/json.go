package output

import (
	"bufio"
	"encoding/json"

	"github.com/lakelint/lakelint/finding"
)

// jsonFile is one file's diagnostics in the JSON format.
type jsonFile struct {
	URI         string          `json:"uri"`
	Path        string          `json:"path"`
	Diagnostics []LSPDiagnostic `json:"diagnostics"`
}

// writeJSON prints an array with one object per file that has findings,
// ordered by path.
func writeJSON(w *bufio.Writer, findings []*finding.Finding, _ Options) error {
	files := []jsonFile{}
	for _, f := range findings {
		if len(files) == 0 || files[len(files)-1].Path != f.Path {
			abs := f.AbsPath
			if abs == "" {
				abs = f.Path
			}
			files = append(files, jsonFile{URI: fileURI(abs), Path: f.Path, Diagnostics: []LSPDiagnostic{}})
		}
		last := &files[len(files)-1]
		last.Diagnostics = append(last.Diagnostics, ToLSP(f))
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(files)
}
