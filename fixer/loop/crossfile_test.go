package loop

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/document"
)

// yamlLinter reports a finding on m.sql for as long as every YAML file of
// want lacks its line, with a fix that appends fix[path] to each: a dbt
// model whose properties are set in its project's YAML. It reads the YAML
// as the fix run hands it over (Texts), else from disk when texts is false.
type yamlLinter struct {
	want  map[string]string // file → the line that satisfies the finding
	fix   map[string]string // file → what the fix appends
	texts bool
	cur   map[string][]byte
	lints int
}

func (y *yamlLinter) read(p string) []byte {
	if data, ok := y.cur[filepath.Clean(p)]; ok {
		return data
	}
	data, _ := os.ReadFile(p)
	return data
}

func (y *yamlLinter) linter() Linter {
	l := Linter{
		Lint: func(_ context.Context, srcs []Source) ([]finding.Finding, error) {
			y.lints++
			missing := false
			for p, line := range y.want {
				missing = missing || !bytes.Contains(y.read(p), []byte(line))
			}
			if !missing {
				return nil, nil
			}
			fx := finding.Fix{Title: "set it in YAML", Applicability: finding.Safe}
			for p, text := range y.fix {
				end := len(y.read(p))
				at := finding.Position{Offset: end, Line: 1, Column: 1}
				fx.Edits = append(fx.Edits, finding.Edit{Start: at, End: at, NewText: text, Path: filepath.Base(p), AbsPath: p})
			}
			return []finding.Finding{{Path: srcs[0].Path, Code: "LL999", Message: "not set", Start: finding.Position{Line: 1, Column: 1}, Fixes: []finding.Fix{fx}}}, nil
		},
		Read: func(s Source) (*document.Document, string) {
			doc, err := parsers.Load(s.Path, currentData(s))
			if err != nil {
				return nil, err.Error()
			}
			return doc, ""
		},
	}
	if y.texts {
		l.Texts = func(t map[string][]byte) { y.cur = t }
	}
	return l
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A fix that edits another file than its finding's changes that file only,
// is verified there (the YAML parses), and a second run changes nothing.
func TestFixInAnotherFile(t *testing.T) {
	dir := t.TempDir()
	yml := writeFile(t, dir, "dbt_project.yml", "models:\n  shop:\n    +materialized: table # kept\n")
	model := writeFile(t, dir, "m.sql", "select 1\n")
	y := &yamlLinter{want: map[string]string{yml: "k: 'true'"}, fix: map[string]string{yml: "    +tblproperties:\n      k: 'true'\n"}, texts: true}
	res, err := Fix(context.Background(), []Source{{Path: model, Data: []byte("select 1\n")}}, y.linter(), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != 1 || res.Changes[0].Path != "dbt_project.yml" || res.Changes[0].Fixed != 1 {
		t.Fatalf("changes %+v, notes %v", res.Changes, res.Notes)
	}
	want := "models:\n  shop:\n    +materialized: table # kept\n    +tblproperties:\n      k: 'true'\n"
	if got := string(res.Changes[0].New); got != want {
		t.Errorf("fixed YAML:\n%s\nwant:\n%s", got, want)
	}
	if err := os.WriteFile(yml, res.Changes[0].New, 0o644); err != nil {
		t.Fatal(err)
	}
	again := &yamlLinter{want: y.want, fix: y.fix, texts: true}
	res, err = Fix(context.Background(), []Source{{Path: model, Data: []byte("select 1\n")}}, again.linter(), false)
	if err != nil || len(res.Changes) != 0 {
		t.Errorf("second run: %+v %v", res, err)
	}
}

// A fix is taken whole or not at all: when one of the files it edits would
// not parse after it, no file changes; a fix whose finding stays is
// withdrawn; a run that cannot hand the lints its edits (no Texts) sees
// the finding stay and withdraws it too. Each says why in a note.
func TestFixInAnotherFileRefused(t *testing.T) {
	cases := []struct {
		name  string
		fix   map[string]string
		texts bool
		note  string
	}{
		{"one file would not parse", map[string]string{"a.yml": "      k: 'true'\n", "b.yml": "  k: [unclosed\n"}, true, "would not parse as YAML"},
		{"the finding stays", map[string]string{"a.yml": "    other: 1\n"}, true, "withdrawn"},
		{"edits not seen by the lint", map[string]string{"a.yml": "      k: 'true'\n"}, false, "withdrawn"},
		{"not a YAML file", map[string]string{"a.txt": "k: 'true'\n"}, true, "cannot check after an edit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{}
			want := map[string]string{}
			for name, text := range c.fix {
				p := writeFile(t, dir, name, "models:\n  shop:\n    +tblproperties:\n      a: b\n")
				files[p] = text
				if !strings.Contains(text, "other") {
					want[p] = "k: 'true'"
				} else {
					want[p] = "never there"
				}
			}
			model := writeFile(t, dir, "m.sql", "select 1\n")
			y := &yamlLinter{want: want, fix: files, texts: c.texts}
			res, err := Fix(context.Background(), []Source{{Path: model, Data: []byte("select 1\n")}}, y.linter(), false)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Changes) != 0 {
				t.Errorf("changes %+v", res.Changes)
			}
			if len(res.Notes) != 1 || !strings.Contains(res.Notes[0].Message, c.note) {
				t.Errorf("notes %v, want one saying %q", res.Notes, c.note)
			}
			if y.lints > 4 {
				t.Errorf("%d lints: a refused fix is tried again", y.lints)
			}
		})
	}
}
