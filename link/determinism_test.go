package link_test

import (
	"bytes"
	"encoding/json"
	"runtime"
	"testing"

	"github.com/lakelint/lakelint/internal/corpusfacts"
	"github.com/lakelint/lakelint/link"
)

// Files are linked in parallel, and each worker skips what the files it
// linked before added to other files: whatever the number of workers, and
// however files fall to them, linking adds the same facts in the same order.
func TestLinkDoesNotDependOnWorkers(t *testing.T) {
	paths, files, err := corpusfacts.Extract(5, 600<<10)
	if err != nil {
		t.Fatal(err)
	}
	linked := func(procs int) []byte {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		b := &link.Builder{}
		for i := len(paths) - 1; i >= 0; i-- {
			b.Add(paths[i], files[i].Summary)
		}
		res := b.Link()
		var out bytes.Buffer
		for _, p := range paths {
			data, err := json.Marshal(res.For(p))
			if err != nil {
				t.Fatal(err)
			}
			out.Write(data)
			out.WriteByte('\n')
		}
		return out.Bytes()
	}
	want := linked(1)
	if !bytes.Contains(want, []byte(`"Via":{`)) {
		t.Fatal("the corpus calls its helpers: linking adds writes")
	}
	for _, procs := range []int{2, 3, 8} {
		if got := linked(procs); !bytes.Equal(got, want) {
			t.Errorf("with %d workers linking adds other facts than with one", procs)
		}
	}
}
