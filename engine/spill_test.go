package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/config"
)

// lintExamples lints the example project with facts spilled after the
// given number of bytes.
func lintExamples(t *testing.T, after int) *Result {
	t.Helper()
	old := spillAfter
	spillAfter = after
	t.Cleanup(func() { spillAfter = old })
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := New(configs, Options{}).Lint(context.Background(), []string{filepath.Join("..", "examples")})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Facts read back from the temporary file give the same findings as facts
// kept in memory.
func TestSpilledFactsLintTheSame(t *testing.T) {
	inMemory := lintExamples(t, 1<<30)
	spilled := lintExamples(t, 0)
	if len(inMemory.Findings) == 0 {
		t.Fatal("the examples have no findings")
	}
	if !reflect.DeepEqual(inMemory.Findings, spilled.Findings) || !reflect.DeepEqual(inMemory.Notes, spilled.Notes) {
		t.Errorf("spilling changed the result:\n memory %d findings %v\nspilled %d findings %v",
			len(inMemory.Findings), inMemory.Notes, len(spilled.Findings), spilled.Notes)
	}
}

// Without a usable temporary directory the facts stay in memory and the run
// says so under --verbose.
func TestSpillWithoutTempDir(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	want := lintExamples(t, 1<<30)
	res := lintExamples(t, 0)
	if !reflect.DeepEqual(want.Findings, res.Findings) {
		t.Error("findings differ when facts cannot be spilled")
	}
	found := false
	for _, d := range res.Details {
		found = found || strings.HasPrefix(d.Message, "facts kept in memory: cannot make a temporary file")
	}
	if !found {
		t.Errorf("no detail says the facts stayed in memory: %v", res.Details)
	}
}
