package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/config"
)

// lintExamples lints the example project with facts encoded (none kept as
// they are) and spilled after the given number of bytes.
func lintExamples(t *testing.T, after int) *Result {
	t.Helper()
	return lintExamplesKeeping(t, -1, after)
}

// lintExamplesKeeping lints the example project with the facts of keep
// source bytes kept as they are, the rest encoded and spilled after the given
// number of bytes.
func lintExamplesKeeping(t *testing.T, keep, after int) *Result {
	t.Helper()
	old, oldKeep := spillAfter, keepDecodedSource
	spillAfter, keepDecodedSource = after, keep
	t.Cleanup(func() { spillAfter, keepDecodedSource = old, oldKeep })
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
	// facts kept as they are, some or all, lint the same as encoded ones
	for _, keep := range []int{1 << 30, 4 << 10} {
		kept := lintExamplesKeeping(t, keep, 0)
		if !reflect.DeepEqual(inMemory.Findings, kept.Findings) || !reflect.DeepEqual(inMemory.Notes, kept.Notes) {
			t.Errorf("keeping the facts of %d bytes changed the result: %d findings, want %d", keep, len(kept.Findings), len(inMemory.Findings))
		}
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
