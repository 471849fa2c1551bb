package notebook

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/parsers/document"
)

// jupyterCell is what the parser keeps of one cell of the file.
type jupyterCell struct {
	code   bool
	source span // the "source" value, quotes or brackets included
	list   bool // source written as a list of strings
	// parts are the source's strings: jupyterFile.parts[firstPart:endPart]
	firstPart, endPart int
	// added is true when Text got a newline the source does not end with.
	added bool
}

// jupyterFile is the parsed skeleton of an .ipynb file.
type jupyterFile struct {
	cells    []jupyterCell
	parts    []span // the strings of all sources, quotes included
	language string
	kernel   string // the kernelspec's name
	// databricks: the metadata holds Databricks' notebook entry (an export)
	databricks bool
	nbformat   float64
	hasFmt     bool
}

// Jupyter parses an nbformat 4 notebook. Document.Text is the code cells'
// sources joined, each ending with a newline; Render writes an edited Text
// back into the original file bytes, rewriting only the cells that changed.
func Jupyter(path string, src []byte) (*document.Document, error) {
	nb, err := scanJupyter(src)
	if err != nil {
		return nil, err
	}
	doc := &document.Document{Path: path, Format: document.Jupyter}
	doc.Text, doc.Cells = nb.buildText(src)
	doc.EOL = LineEnding(doc.Text)
	doc.Kernel, doc.Databricks = nb.kernel, nb.databricks
	lang, known := kernelLanguage(nb.language)
	if nb.language == "" && hasScalaCell(doc) {
		// an old Databricks export names no language: a notebook whose
		// cells declare Scala values is a Scala notebook, not Python
		lang = 0
		doc.Notes = append(doc.Notes, "notebook language not named, its cells are Scala: only %sql cells read")
	} else if !known {
		doc.Notes = append(doc.Notes, fmt.Sprintf("notebook language %q: only %%%%sql cells read", nb.language))
	}
	// %%sql cells run where ipython-sql (or jupysql) points them, another
	// database than Spark, once a cell loads it
	otherSQL := loadsSQLMagic(doc)
	for i := range doc.Cells {
		if c := &doc.Cells[i]; c.Code {
			addJupyterCell(doc, c, lang, otherSQL)
		}
	}
	// the renderer keeps its own copies: callers may edit Text in place
	r := &renderer{src: src, nb: nb, text: bytes.Clone(doc.Text), cells: slices.Clone(doc.Cells)}
	doc.Render = r.render
	doc.RenderAt = r.renderAt
	doc.File = src
	doc.FileOffset = newFileMap(src, nb).offset
	return doc, nil
}

// hasScalaCell reports whether a code cell of doc is Scala (see scalaCell).
func hasScalaCell(doc *document.Document) bool {
	for _, c := range doc.Cells {
		if c.Code && scalaCell(doc.Text[c.Start:c.End]) {
			return true
		}
	}
	return false
}

// scanJupyter validates src and finds the cells, their sources and the kernel language.
func scanJupyter(src []byte) (*jupyterFile, error) {
	body := src[BOMLen(src):]
	if !json.Valid(body) {
		return nil, jsonSyntaxError(body)
	}
	s := &jsonScanner{src: src, pos: BOMLen(src)}
	nb := &jupyterFile{}
	var kernelspecLang, languageInfo, databricksLang, kernelInfo string
	hasCells := false
	if s.peek() != '{' {
		return nil, errors.New("not a Jupyter notebook: the JSON is not an object")
	}
	err := s.object(func(key []byte) error {
		switch string(key) {
		case "cells":
			hasCells, nb.cells = true, nil
			return nb.scanCells(s)
		case "nbformat":
			f, ok, err := s.numberValue()
			nb.nbformat, nb.hasFmt = f, ok
			return err
		case "metadata":
			return objectOrSkip(s, func(key []byte) error {
				switch string(key) {
				case "kernelspec":
					return stringFields(s, map[string]*string{"language": &kernelspecLang, "name": &nb.kernel})
				case "language_info":
					return stringField(s, "name", &languageInfo)
				case "kernel_info":
					// Microsoft Fabric and Synapse notebooks name their
					// kernel here, with no kernelspec
					return stringField(s, "name", &kernelInfo)
				case "application/vnd.databricks.v1+notebook":
					nb.databricks = true
					return stringField(s, "language", &databricksLang)
				}
				_, err := s.skip()
				return err
			})
		}
		_, err := s.skip()
		return err
	})
	if err != nil {
		return nil, err
	}
	switch {
	case !nb.hasFmt:
		return nil, errors.New("not a Jupyter notebook: no nbformat number")
	case nb.nbformat < 4:
		return nil, fmt.Errorf("unsupported notebook format: nbformat %g, need 4 or later", nb.nbformat)
	case !hasCells:
		return nil, errors.New("not a Jupyter notebook: no \"cells\" list")
	}
	// A notebook exported from Databricks names its own language; its kernelspec is
	// the exporter's default ("Python 3") whatever the notebook holds.
	nb.language = cmp.Or(databricksLang, kernelspecLang, languageInfo)
	nb.kernel = cmp.Or(nb.kernel, kernelInfo)
	return nb, nil
}

// scanCells reads the "cells" list.
func (nb *jupyterFile) scanCells(s *jsonScanner) error {
	if s.peek() != '[' {
		return errors.New("not a Jupyter notebook: \"cells\" is not a list")
	}
	return s.array(func(i int) error {
		if s.peek() != '{' {
			return fmt.Errorf("cell %d is not a JSON object", i+1)
		}
		var c jupyterCell
		hasSource := false
		err := s.object(func(key []byte) error {
			switch string(key) {
			case "cell_type":
				kind, _, err := s.stringValue()
				c.code = kind == "code"
				return err
			case "source":
				hasSource = true
				return nb.scanSource(s, &c, i+1)
			}
			_, err := s.skip()
			return err
		})
		if err != nil {
			return err
		}
		if !hasSource {
			return fmt.Errorf("cell %d has no source", i+1)
		}
		nb.cells = append(nb.cells, c)
		return nil
	})
}

// scanSource records the spans of a cell's source, a string or a list of strings.
func (nb *jupyterFile) scanSource(s *jsonScanner, c *jupyterCell, index int) error {
	errBadSource := errors.New("source")
	first := s.peek()
	start := s.pos
	c.firstPart = len(nb.parts)
	var err error
	switch first {
	case '"':
		c.source, err = s.str()
		nb.parts = append(nb.parts, c.source)
	case '[':
		c.list = true
		err = s.array(func(int) error {
			if s.peek() != '"' {
				return errBadSource
			}
			sp, err := s.str()
			nb.parts = append(nb.parts, sp)
			return err
		})
		c.source = span{start, s.pos}
	default:
		err = errBadSource
	}
	c.endPart = len(nb.parts)
	if errors.Is(err, errBadSource) {
		return fmt.Errorf("cell %d: source is neither a string nor a list of strings", index)
	}
	return err
}

// partsOf returns the strings a cell's source is made of.
func (nb *jupyterFile) partsOf(c *jupyterCell) []span { return nb.parts[c.firstPart:c.endPart] }

// buildText joins the code cells' decoded sources and lists every cell.
func (nb *jupyterFile) buildText(src []byte) ([]byte, []document.Cell) {
	size := 0
	for _, c := range nb.cells {
		if c.code {
			size += c.source.end - c.source.start + 1
		}
	}
	text := make([]byte, 0, size)
	cells := make([]document.Cell, len(nb.cells))
	for i := range nb.cells {
		c := &nb.cells[i]
		start := len(text)
		if c.code {
			for _, p := range nb.partsOf(c) {
				text = appendJSONString(text, src[p.start+1:p.end-1])
			}
			if len(text) == start || text[len(text)-1] != '\n' {
				text = append(text, '\n')
				c.added = true
			}
		}
		cells[i] = document.Cell{Index: i + 1, Start: start, End: len(text), Code: c.code}
	}
	return text, cells
}

// kernelLanguage maps the notebook's language to the one its code cells are
// read as; known is false for languages lakelint does not read (Scala, R).
func kernelLanguage(name string) (lang document.Lang, known bool) {
	switch strings.ToLower(name) {
	case "", "python", "python3", "python2", "ipython", "ipython3", "pyspark", "pyspark3":
		return document.Python, true
	case "sql", "sparksql", "spark-sql", "spark_sql":
		return document.SQL, true
	}
	return 0, false
}

// objectOrSkip walks an object value, or skips a value of another kind.
func objectOrSkip(s *jsonScanner, member func(key []byte) error) error {
	if s.peek() != '{' {
		_, err := s.skip()
		return err
	}
	return s.object(member)
}

// stringField reads the string member name of the object at the scanner into dst.
func stringField(s *jsonScanner, name string, dst *string) error {
	return stringFields(s, map[string]*string{name: dst})
}

// stringFields reads the string fields named in dst of an object.
func stringFields(s *jsonScanner, dst map[string]*string) error {
	return objectOrSkip(s, func(key []byte) error {
		if d, ok := dst[string(key)]; ok {
			v, _, err := s.stringValue()
			*d = v
			return err
		}
		_, err := s.skip()
		return err
	})
}

// jsonSyntaxError explains why body is not JSON, with a line and column.
func jsonSyntaxError(body []byte) error {
	var raw json.RawMessage
	err := json.Unmarshal(body, &raw)
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		// Offset counts the bytes read, the offending one included
		off := int(min(max(syn.Offset, 0), int64(len(body))))
		if off > 0 && !strings.HasPrefix(syn.Error(), "unexpected end") {
			off--
		}
		line := 1 + bytes.Count(body[:off], []byte{'\n'})
		col := off - bytes.LastIndexByte(body[:off], '\n')
		return fmt.Errorf("invalid JSON notebook: line %d, column %d: %s", line, col, syn.Error())
	}
	if err == nil {
		err = errors.New("not valid JSON")
	}
	return fmt.Errorf("invalid JSON notebook: %s", err.Error())
}

// loadsSQLMagic reports whether a code cell loads ipython-sql or jupysql
// (%load_ext sql), whose %%sql cells query a database of their own.
func loadsSQLMagic(doc *document.Document) bool {
	for _, c := range doc.Cells {
		if !c.Code {
			continue
		}
		for _, line := range bytes.Split(doc.Text[c.Start:c.End], []byte("\n")) {
			f := bytes.Fields(line)
			if len(f) == 2 && (string(f[0]) == "%load_ext" || string(f[0]) == "%reload_ext") && string(f[1]) == "sql" {
				return true
			}
		}
	}
	return false
}
