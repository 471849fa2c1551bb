package link_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/lakelint/lakelint/internal/corpusfacts"
	"github.com/lakelint/lakelint/link"
)

// Filling a fact's holes changes its copy in place (see fillField's owned),
// never the summary it was copied from: linking leaves every summary as it
// was, and linking again adds the same facts.
func TestLinkLeavesSummaries(t *testing.T) {
	paths, files, err := corpusfacts.Extract(7, 400<<10)
	if err != nil {
		t.Fatal(err)
	}
	summaries := func() []byte {
		var out bytes.Buffer
		for _, f := range files {
			data, err := json.Marshal(f.Summary)
			if err != nil {
				t.Fatal(err)
			}
			out.Write(data)
		}
		return out.Bytes()
	}
	linked := func() []byte {
		b := &link.Builder{}
		for i, p := range paths {
			b.Add(p, files[i].Summary)
		}
		res := b.Link()
		var out bytes.Buffer
		for _, p := range paths {
			data, err := json.Marshal(res.For(p))
			if err != nil {
				t.Fatal(err)
			}
			out.Write(data)
		}
		return out.Bytes()
	}
	before := summaries()
	first := linked()
	if !bytes.Contains(first, []byte(`"PartitionBy":{`)) || !bytes.Contains(first, []byte(`"Trigger":{`)) {
		t.Fatal("the corpus passes partitionings and triggers to its helpers: linking fills them")
	}
	if !bytes.Equal(summaries(), before) {
		t.Fatal("linking changed a summary")
	}
	if !bytes.Equal(linked(), first) {
		t.Fatal("linking again added other facts")
	}
}
