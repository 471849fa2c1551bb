package output

import (
	"fmt"
	"io"
	"testing"

	"github.com/lakelint/lakelint/finding"
)

func manyFindings(n int) []finding.Finding {
	base := sample()
	out := make([]finding.Finding, 0, n)
	for i := range n {
		f := base[i%len(base)]
		f.Path = fmt.Sprintf("pkg%d/%s", i%97, f.Path)
		f.Start.Line += i % 500
		out = append(out, f)
	}
	return out
}

func BenchmarkWrite(b *testing.B) {
	findings := manyFindings(10000)
	for _, format := range Formats() {
		b.Run(format, func(b *testing.B) {
			for b.Loop() {
				if err := Write(io.Discard, format, findings, sampleOptions()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
