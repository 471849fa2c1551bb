package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/lakelint/lakelint/extract/pyfacts"
	"github.com/lakelint/lakelint/parsers/document"
)

func main() {
	src, _ := os.ReadFile(os.Args[1])
	doc := &document.Document{Path: os.Args[1], Format: document.PlainPython, Text: src, EOL: "\n"}
	doc.Regions = []document.Region{{Lang: document.Python, Text: src, Map: document.Identity(0, len(src))}}
	f, sql := pyfacts.Extract(doc, []*document.Region{&doc.Regions[0]}, pyfacts.Options{})
	b, _ := json.MarshalIndent(f, "", " ")
	fmt.Println(string(b))
	for _, r := range sql {
		fmt.Printf("SQL %q map=%v\n", r.Text, r.Map)
	}
}
