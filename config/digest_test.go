package config

import "testing"

func TestDigest(t *testing.T) {
	a, err := Parse("p/.lakelint.yaml", []byte("max-partition-columns: 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Parse("p/.lakelint.yaml", []byte("max-partition-columns: 2\n"))
	c, _ := Parse("p/.lakelint.yaml", []byte("max-partition-columns: 3\n"))
	d, _ := Parse("q/.lakelint.yaml", []byte("max-partition-columns: 2\n"))
	if a.Digest() != b.Digest() {
		t.Error("one file, two digests")
	}
	if a.Digest() == c.Digest() || a.Digest() == d.Digest() {
		t.Error("other bytes or another place, one digest")
	}
	e, err := a.WithCommandLine(Selection{Ignore: []string{"LL101"}})
	if err != nil {
		t.Fatal(err)
	}
	if e.Digest() == a.Digest() {
		t.Error("the command line's selection does not change the digest")
	}
	f := a.clone()
	f.Rules.MaxPartitionColumns = 5
	if f.Digest() == a.Digest() {
		t.Error("a setting changed after loading does not change the digest")
	}
}
