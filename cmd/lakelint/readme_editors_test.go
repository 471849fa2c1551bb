package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// codeBlock is a fenced block of the README: its language, its text, and
// the paragraph just before it, which says what it is for.
type codeBlock struct {
	lang, text, intro string
}

func readmeBlocks(t *testing.T) []codeBlock {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []codeBlock
	var intro []string // the last paragraph of prose
	ended := false
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		lang, ok := strings.CutPrefix(lines[i], "```")
		if !ok {
			switch {
			case strings.TrimSpace(lines[i]) == "":
				ended = true
			case ended:
				intro, ended = []string{lines[i]}, false
			default:
				intro = append(intro, lines[i])
			}
			continue
		}
		var body []string
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			body = append(body, lines[i])
		}
		blocks = append(blocks, codeBlock{lang: lang, text: strings.Join(body, "\n") + "\n", intro: strings.Join(intro, "\n")})
		intro = nil
	}
	return blocks
}

// The README's JSON and TOML snippets (editor settings, Helix's
// languages.toml, Zed's tasks) are what users paste: each must parse.
func TestREADMESnippetsParse(t *testing.T) {
	n := 0
	for _, b := range readmeBlocks(t) {
		var v any
		switch b.lang {
		case "json":
			n++
			if err := json.Unmarshal([]byte(b.text), &v); err != nil {
				t.Errorf("README JSON after %q does not parse: %v\n%s", b.intro, err, b.text)
			}
		case "toml":
			n++
			if err := toml.Unmarshal([]byte(b.text), &v); err != nil {
				t.Errorf("README TOML after %q does not parse: %v\n%s", b.intro, err, b.text)
			}
		}
	}
	if n == 0 {
		t.Fatal("no JSON or TOML block found in the README")
	}
}

// Zed's snippet is a task list that runs `lakelint check` on the file.
func TestREADMEZedTask(t *testing.T) {
	for _, b := range readmeBlocks(t) {
		if !strings.Contains(b.intro, "**Zed**") {
			continue
		}
		var tasks []struct {
			Label, Command string
			Args           []string
		}
		if err := json.Unmarshal([]byte(b.text), &tasks); err != nil {
			t.Fatalf("Zed's tasks.json: %v\n%s", err, b.text)
		}
		if len(tasks) != 1 || tasks[0].Command != "lakelint" || len(tasks[0].Args) == 0 || tasks[0].Args[0] != "check" ||
			!strings.Contains(strings.Join(tasks[0].Args, " "), "$ZED_FILE") {
			t.Errorf("Zed's task must run lakelint check on $ZED_FILE: %+v", tasks)
		}
		return
	}
	t.Fatal("the README has no Zed snippet")
}
