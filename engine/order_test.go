package engine

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/ledger"
	"github.com/lakelint/lakelint/output"
)

// orderChildEnv, when set, makes TestOrderChild lint as one run of
// TestNothingDependsOnOrder: "seed dir out".
const orderChildEnv = "LAKELINT_ORDER_CHILD"

// The same project, linted in processes that meet its files in other
// orders (the walk's, the workers', the numbering of files the facts of
// one name in another), with Go's map order anew in each, gives the same
// catalog digest, the same run record and the same output in every
// format, byte for byte. Real repositories, and a project whose helpers
// are called across files (its facts name other files).
func TestNothingDependsOnOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("lints real repositories in several processes")
	}
	dir := t.TempDir()
	for _, p := range []string{"ecosystem/accordionjourneyman", "ecosystem/Nike-Inc", "ecosystem/okube-ai", "projects/seethrough"} {
		if err := os.CopyFS(filepath.Join(dir, "p", filepath.Base(p)), os.DirFS(filepath.Join("..", "testdata", p))); err != nil {
			t.Fatal(err)
		}
	}
	var first []byte
	for seed := range 4 {
		if err := os.RemoveAll(filepath.Join(dir, "cache")); err != nil { // each run is a first one
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "dump")
		cmd := exec.Command(os.Args[0], "-test.run=^TestOrderChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d %s %s", orderChildEnv, seed, dir, out))
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, b)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if seed == 0 {
			first = got
			var dump map[string]string
			if err := json.Unmarshal(got, &dump); err != nil || dump["foreign spans"] == "0" {
				t.Fatalf("no catalog span names another file (%v): the projects do not test what they should", err)
			}
			continue
		}
		if !bytes.Equal(got, first) {
			t.Errorf("seed %d: the run differs from seed 0's:\n%s", seed, firstDifference(first, got))
		}
	}
}

// firstDifference shows where two dumps part.
func firstDifference(a, b []byte) string {
	var x, y map[string]string
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return "(unreadable)"
	}
	var out []string
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range x {
			if !yield(k) {
				return
			}
		}
	}) {
		if x[k] == y[k] {
			continue
		}
		i := 0
		for i < len(x[k]) && i < len(y[k]) && x[k][i] == y[k][i] {
			i++
		}
		from := max(0, i-200)
		out = append(out, fmt.Sprintf("%s at byte %d:\n  seed 0: %.400q\n  here:   %.400q", k, i, x[k][from:], y[k][from:]))
	}
	return strings.Join(out, "\n")
}

// TestOrderChild is one run of TestNothingDependsOnOrder, in a process of
// its own; it does nothing otherwise.
func TestOrderChild(t *testing.T) {
	args := strings.Fields(os.Getenv(orderChildEnv))
	if len(args) != 3 {
		t.Skip("run by TestNothingDependsOnOrder")
	}
	seed, _ := strconv.Atoi(args[0])
	dir, out := args[1], args[2]
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
	shuffle = func(order []int) { rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] }) }
	readDir = func(name string) ([]os.DirEntry, error) {
		es, err := os.ReadDir(name)
		rng.Shuffle(len(es), func(i, j int) { es[i], es[j] = es[j], es[i] })
		return es, err
	}
	t.Chdir(dir) // paths as a user names them, relative
	// files are numbered as a process first meets them (facts.FileOf):
	// meet them in another order in each
	var paths []string
	if err := filepath.WalkDir("p", func(p string, d fs.DirEntry, err error) error {
		paths = append(paths, p)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	rng.Shuffle(len(paths), func(i, j int) { paths[i], paths[j] = paths[j], paths[i] })
	for _, p := range paths[:len(paths)/2] {
		facts.FileOf(p)
	}

	c, err := cache.Open(cache.Options{Dir: "cache", Version: "test", KeyDir: "key"}) // one key for every run
	if err != nil {
		t.Fatal(err)
	}
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	streams := map[string]*output.Stream{}
	texts := map[string]*bytes.Buffer{}
	for _, f := range output.Formats() {
		texts[f] = &bytes.Buffer{}
		if streams[f], err = output.NewStream(texts[f], f, output.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	var cat *catalog.Catalog
	var all []finding.Finding
	opts := Options{Cache: c, Catalog: func(c *catalog.Catalog) { cat = c }, Emit: func(fs []finding.Finding) {
		all = append(all, fs...)
		for _, s := range streams {
			if err := s.File(fs); err != nil {
				t.Error(err)
			}
		}
	}}
	res, err := New(configs, opts).Lint(context.Background(), []string{"p"})
	if err != nil {
		t.Fatal(err)
	}
	dump := map[string]string{}
	var notices []output.Notice
	for _, n := range res.Notes {
		notices = append(notices, output.Notice{Path: n.Path, Message: n.Message, Error: n.Error})
	}
	for f, s := range streams {
		s.Notices(notices)
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		dump["output "+f] = texts[f].String()
	}
	var notes, details []string
	for _, n := range res.Notes {
		notes = append(notes, n.String())
	}
	for _, n := range res.Details {
		details = append(details, n.String())
	}
	dump["notes"], dump["details"] = strings.Join(notes, "\n"), strings.Join(details, "\n")
	d := cache.CatalogDigest(cat)
	dump["catalog digest"] = hex.EncodeToString(d[:])
	foreign := 0
	for _, tb := range cat.Tables() {
		for _, r := range tb.Statements.Readers {
			if r.At.Foreign() {
				foreign++
			}
		}
		for _, m := range tb.Statements.Maintenance {
			if m.At.Foreign() {
				foreign++
			}
		}
	}
	dump["foreign spans"] = strconv.Itoa(foreign)
	var lt, lj bytes.Buffer
	l := ledger.Build(cat, all)
	if err := l.WriteText(&lt); err != nil {
		t.Fatal(err)
	}
	if err := l.WriteJSON(&lj); err != nil {
		t.Fatal(err)
	}
	dump["tables text"], dump["tables json"] = lt.String(), lj.String()
	// the run record: its name is the run's key; its bytes hold every
	// file's check key and findings
	runs, err := os.ReadDir(filepath.Join("cache", "runs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		b, err := os.ReadFile(filepath.Join("cache", "runs", r.Name()))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		dump["run record"] += r.Name() + " " + hex.EncodeToString(sum[:]) + "\n"
	}
	b, err := json.Marshal(dump)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
