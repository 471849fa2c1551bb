package facts_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/lakelint/lakelint/internal/factgen"
)

// The generated codec and copy are what the generator writes from the
// types as they are: a field added to a fact type without running go
// generate fails here (and CodecVersion, which the generator writes,
// changes with it).
func TestGeneratedCodeIsCurrent(t *testing.T) {
	out, err := factgen.Generate(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("the generator wrote nothing")
	}
	for name, want := range out {
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what the generator writes from the fact types: run go generate in package facts", name)
		}
	}
}
