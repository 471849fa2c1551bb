package main

import (
	"context"
	"fmt"
	"time"

	sitter "github.com/smacker/go-tree-sitter"
	tspy "github.com/smacker/go-tree-sitter/python"
	"github.com/lakelint/lakelint/extract/pyfacts/internal/corpusgen"
	"github.com/lakelint/lakelint/parsers/python"
)

func main() {
	files := corpusgen.Files(1, 5<<20)
	total := 0
	for _, f := range files { total += len(f) }
	mb := float64(total) / 1e6
	p := sitter.NewParser()
	p.SetLanguage(tspy.GetLanguage())
	for k := 0; k < 2; k++ {
		t0 := time.Now()
		for _, f := range files {
			t, _ := p.ParseCtx(context.Background(), nil, f)
			t.Close()
		}
		d := time.Since(t0)
		fmt.Printf("smacker parse: %.1f MB/s\n", mb/d.Seconds())
		t0 = time.Now()
		nodes := 0
		for _, f := range files {
			t, _ := python.Parse(f)
			nodes += t.Len()
		}
		d = time.Since(t0)
		fmt.Printf("flat parse: %.1f MB/s nodes=%d\n", mb/d.Seconds(), nodes)
	}
}
