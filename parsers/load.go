// Package parsers turns a file into a document.Document: it decides the format
// from the file name and the first line and hands notebooks to package notebook.
package parsers

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/notebook"
)

// Load returns the document of the file at path whose bytes are src. For .py
// and .sql files the document's Text is src itself (kept, not copied). The
// error, for an unsupported extension or a broken .ipynb, does not repeat the
// path.
func Load(path string, src []byte) (*document.Document, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".py":
		if notebook.IsDatabricksPython(src) {
			return notebook.DatabricksPython(path, src), nil
		}
		return plain(path, src, document.PlainPython, document.Python), nil
	case ".sql":
		if notebook.IsDatabricksSQL(src) {
			return notebook.DatabricksSQL(path, src), nil
		}
		return plain(path, src, document.PlainSQL, document.SQL), nil
	case ".ipynb":
		return notebook.Jupyter(path, src)
	default:
		return nil, fmt.Errorf("unsupported file type %q (want .py, .sql or .ipynb)", ext)
	}
}

// plain is a file of one language: a single region over all of it, after a
// byte order mark if there is one.
func plain(path string, src []byte, format document.Format, lang document.Lang) *document.Document {
	start := notebook.BOMLen(src)
	return &document.Document{
		Path:    path,
		Format:  format,
		Text:    src,
		EOL:     notebook.LineEnding(src),
		Regions: []document.Region{{Lang: lang, Text: src[start:], Map: document.Identity(start, len(src)-start)}},
	}
}
