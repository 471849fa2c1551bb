package facts_test

import (
	"testing"

	"github.com/lakelint/lakelint/internal/factgen"
)

// The generated code is what the generator writes from the types as they
// are: a field added without running go generate fails here.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	if err := factgen.Check("."); err != nil {
		t.Error(err)
	}
}
