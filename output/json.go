package output

import (
	"bufio"
	"bytes"
	"encoding/json"

	"github.com/lakelint/lakelint/finding"
)

// jsonFile is one file's diagnostics in the JSON format.
type jsonFile struct {
	URI         string          `json:"uri"`
	Path        string          `json:"path"`
	Diagnostics []LSPDiagnostic `json:"diagnostics"`
}

// jsonPrinter prints an array with one object per file that has findings,
// ordered by path, formatted as json.Encoder with a two-space indent would
// print the whole array.
type jsonPrinter struct{ files int }

func (j *jsonPrinter) file(w *bufio.Writer, findings []*finding.Finding) error {
	abs := findings[0].AbsPath
	if abs == "" {
		abs = findings[0].Path
	}
	out := jsonFile{URI: fileURI(abs), Path: findings[0].Path, Diagnostics: make([]LSPDiagnostic, 0, len(findings))}
	for _, f := range findings {
		out.Diagnostics = append(out.Diagnostics, ToLSP(f))
	}
	if j.files == 0 {
		w.WriteString("[\n  ")
	} else {
		w.WriteString(",\n  ")
	}
	j.files++
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := w.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	return err
}

func (j *jsonPrinter) end(w *bufio.Writer) error {
	if j.files == 0 {
		_, err := w.WriteString("[]\n")
		return err
	}
	_, err := w.WriteString("\n]\n")
	return err
}
