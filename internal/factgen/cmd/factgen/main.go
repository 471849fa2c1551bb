// Command factgen writes codec_gen.go and copy_gen.go for the package in
// the current directory (see package factgen). Package facts runs it with
// go generate.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/lakelint/lakelint/internal/factgen"
)

func main() {
	out, err := factgen.Generate(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	names := make([]string, 0, len(out))
	for n := range out {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(".", n), out[n], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
