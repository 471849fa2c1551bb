// Package parsers turns a file into a document.Document: it decides the format
// from the file name and the first line and hands notebooks to package notebook.
package parsers

import (
	"bytes"
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
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".py" || ext == ".sql" {
		if text, onlyCR := loneCRsAsLF(src); text != nil {
			doc, err := load(path, ext, text)
			if err == nil && onlyCR {
				doc.EOL = "\r"
				doc.Render = crLines
			}
			return doc, err
		}
	}
	return load(path, ext, src)
}

// loneCRsAsLF is src with each carriage return that ends a line on its own
// turned into a line feed, or nil when it has none. Python (and Spark's SQL
// reader) take a lone CR as a line ending, as they do LF and CRLF; the
// parsers, positions and noqa comments know LF, and the swap keeps every
// offset. onlyCR says no line of src ended otherwise: such a file is
// written back with CRs (crLines); one that mixes endings gets LF for its
// lone CRs when fixed, which means the same to Python and SQL.
func loneCRsAsLF(src []byte) (text []byte, onlyCR bool) {
	for i, c := range src {
		if c == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			if text == nil {
				text = bytes.Clone(src)
				onlyCR = bytes.IndexByte(src, '\n') < 0
			}
			text[i] = '\n'
		}
	}
	return text, onlyCR
}

// crLines is the Render of a file whose lines end in lone CRs: its text, read
// with LFs, written back with CRs.
func crLines(text []byte) ([]byte, error) {
	return bytes.ReplaceAll(text, []byte("\n"), []byte("\r")), nil
}

func load(path, ext string, src []byte) (*document.Document, error) {
	switch ext {
	case ".py":
		if notebook.IsDatabricksPython(src) {
			return notebook.DatabricksPython(path, src), nil
		}
		if notebook.IsFabricPython(src) {
			return notebook.FabricPython(path, src), nil
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
