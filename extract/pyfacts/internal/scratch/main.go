package main

import (
	"fmt"
	"os"

	"github.com/lakelint/lakelint/parsers/python"
)

func main() {
	src, _ := os.ReadFile(os.Args[1])
	t, _ := python.Parse(src)
	fmt.Print(t.Root().Dump())
	e, ok := t.FirstError()
	if ok { fmt.Printf("ERR %+v %q\n", e, src[e.Start:e.End]) }
}
