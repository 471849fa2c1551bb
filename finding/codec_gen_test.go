package finding_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/lakelint/lakelint/internal/factgen"
)

// The generated codec is what the generator writes from the finding types
// as they are: a field added without running go generate fails here.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	out, err := factgen.Generate(".")
	if err != nil {
		t.Fatal(err)
	}
	want, ok := out["codec_gen.go"]
	if !ok {
		t.Fatal("the generator wrote no codec")
	}
	got, err := os.ReadFile("codec_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("codec_gen.go is not what the generator writes from the finding types: run go generate in package finding")
	}
}
