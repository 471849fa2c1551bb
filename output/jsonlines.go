package output

import (
	"bufio"
	"encoding/json"

	"github.com/lakelint/lakelint/finding"
)

// jsonLinesPrinter prints one JSON object per finding, one per line: the
// objects of the json format, each holding the one diagnostic. A run
// without findings prints nothing.
type jsonLinesPrinter struct{}

func (jsonLinesPrinter) file(w *bufio.Writer, findings []*finding.Finding) error {
	abs := findings[0].AbsPath
	if abs == "" {
		abs = findings[0].Path
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, f := range findings {
		line := jsonFile{URI: fileURI(abs), Path: f.Path, Diagnostics: []LSPDiagnostic{ToLSP(f)}}
		if err := enc.Encode(line); err != nil { // Encode ends each with a newline
			return err
		}
	}
	return nil
}

func (jsonLinesPrinter) end(*bufio.Writer) error { return nil }
