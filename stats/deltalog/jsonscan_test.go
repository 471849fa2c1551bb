package deltalog

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkScan holds the fast scanner to encoding/json: whenever it accepts a
// line, encoding/json must accept it too and decode the same add or remove.
// Declining is always safe (encoding/json then decodes the line).
func checkScan(t *testing.T, line []byte) {
	t.Helper()
	var s fileScanner
	var f fileAction
	added, ok := s.scan(line, &f)
	var ja jsonAction
	err := json.Unmarshal(line, &ja)
	if !ok {
		return
	}
	if err != nil {
		t.Fatalf("scanner accepted %q, which encoding/json rejects: %v", line, err)
	}
	ref := ja.Remove
	if added {
		ref = ja.Add
	}
	if ref == nil || (added && ja.Remove != nil) || ja.MetaData != nil || ja.Protocol != nil || ja.CommitInfo != nil ||
		ja.DomainMetadata != nil || ja.Txn != nil || ja.Sidecar != nil {
		t.Fatalf("scanner read %q as a lone add=%v; encoding/json: %+v", line, added, ja)
	}
	want := ref.fileAction()
	if !bytes.Equal(f.path, want.path) || f.size != want.size {
		t.Errorf("%q: path/size = %q/%d, want %q/%d", line, f.path, f.size, want.path, want.size)
	}
	if got, exp := partsMap(f.parts), partsMap(want.parts); !mapsEqual(got, exp) {
		t.Errorf("%q: partitionValues = %v, want %v", line, got, exp)
	}
	if f.hasDV != want.hasDV || !bytes.Equal(f.appendDVID(nil), want.appendDVID(nil)) || f.dvRows != want.dvRows {
		t.Errorf("%q: deletion vector = %v %q %d, want %v %q %d", line, f.hasDV, f.appendDVID(nil), f.dvRows, want.hasDV, want.appendDVID(nil), want.dvRows)
	}
}

func partsMap(pairs []partPair) map[string]string {
	m := map[string]string{}
	for _, kv := range pairs {
		if _, dup := m[string(kv.key)]; dup {
			m["<duplicate "+string(kv.key)+">"] = ""
		}
		v := "=" + string(kv.value)
		if kv.null {
			v = "null"
		}
		m[string(kv.key)] = v
	}
	return m
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// scanSeeds are lines that take the scanner's every branch: real commits,
// and valid and invalid variations where encoding/json's rules are subtle.
func scanSeeds(t testing.TB) [][]byte {
	var out [][]byte
	for _, dir := range []string{"../../testdata/delta/*/_delta_log/*.json", "testdata/oddjson/_delta_log/*.json"} {
		names, err := filepath.Glob(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for line := range bytes.SplitSeq(data, []byte("\n")) {
				if isFileLine(bytes.TrimSpace(line)) {
					out = append(out, bytes.TrimSpace(line))
				}
			}
		}
	}
	for _, s := range []string{
		`{"add":{"path":"a","size":1,"partitionValues":{"p":"x"}}}`,
		`{"add":{"path":"a\u0041\n\"\\\/\b\f\r\t","size":-0,"partitionValues":{"p\u0031":"\ud83d\ude00","q":"\ud800"}}}`,
		`{"add":{"path":"caf` + "\xe9" + `","size":1}}`, // invalid UTF-8
		`{"add":{"path":"a","size":1.0}}`,
		`{"add":{"path":"a","size":1e3}}`,
		`{"add":{"path":"a","size":9223372036854775807}}`,
		`{"add":{"path":"a","size":9223372036854775808}}`,
		`{"add":{"path":"a","size":-9223372036854775808}}`,
		`{"add":{"path":"a","size":"1"}}`,
		`{"add":{"path":1}}`,
		`{"add":{"path":null,"size":null,"partitionValues":null,"deletionVector":null}}`,
		`{"add":{"path":"a","partitionValues":{"p":1}}}`,
		`{"add":{"path":"a","partitionValues":{"p":"1","p":null}}}`,
		`{"add":{"path":"a","partitionValues":[]}}`,
		`{"add":{"path":"a","deletionVector":{}}}`,
		`{"add":{"path":"a","deletionVector":{"offset":null,"cardinality":3}}}`,
		`{"add":{"path":"a","deletionVector":{"storageType":"u","Offset":1}}}`,
		`{"add":{"path":"a","deletionVector":{"storageType":"u","storageType":"p"}}}`,
		`{"add":{"PATH":"a"}}`,
		`{"add":{"p\u0061th":"a"}}`,
		`{"add":{"path":"a","ſize":1}}`,
		`{"add":{"path":"a"},"ADD":{"path":"b"}}`,
		`{"add":{"path":"a"},"remove":{"path":"b"}}`,
		`{"add":{"path":"a"},"metaData":{}}`,
		`{"add":{"path":"a"},"other":[1,{"x":[true,false,null]},"s",-1.5E+3]}`,
		`{"add":null}`,
		`{"add":{"path":"a"}} x`,
		`{"add":{"path":"a"}`,
		`{"add":{"path":"a","stats":"{\"numRecords\":1}"`,
		`{"add":{"path":"a` + "\t" + `b"}}`,
		`{"add":{"path":"a\x"}}`,
		`{"add":{"path":"a\u12"}}`,
		`{"add":{"path":"a","x":01}}`,
		`{"add":{"path":"a","x":-}}`,
		`{"add":{"path":"a","x":1.}}`,
		`{"add":{"path":"a","x":1e}}`,
		`{"add":{"path":"a","x":tru}}`,
		`{"add":{"path":"a","x":nulll}}`,
		`{"add":{"path":"a","x":[1,]}}`,
		`{"add":{"path":"a","x":{"k":1,}}}`,
		`{"add":{"path":"a","x":{1:1}}}`,
		`{"add" : { "path" : "a" , "size" : 2 } }`,
		`{"remove":{"path":"a","size":3,"deletionTimestamp":1,"dataChange":true}}`,
		`{"add":{"path":"a","x":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}}`,
		`{"add":{"path":"a","x":` + strings.Repeat("[", 9997) + strings.Repeat("]", 9997) + `}}`,
		`{"add":{"path":"a","x":` + strings.Repeat("[", 9998) + strings.Repeat("]", 9998) + `}}`,
	} {
		out = append(out, []byte(s))
	}
	return out
}

func TestScannerAgreesWithEncodingJSON(t *testing.T) {
	for _, line := range scanSeeds(t) {
		checkScan(t, line)
	}
}

func TestScannerTakesPlainLines(t *testing.T) {
	// The fast path must actually be taken on the lines real writers write,
	// or the speed is lost without any test failing.
	var s fileScanner
	var f fileAction
	for _, line := range []string{
		`{"add":{"path":"date=2024-01-01/part-00000-x.c000.snappy.parquet","partitionValues":{"date":"2024-01-01"},"size":1048576,"modificationTime":1704067200000,"dataChange":true,"stats":"{\"numRecords\":5,\"minValues\":{\"id\":1}}","tags":{"INSERTION_TIME":"1"}}}`,
		`{"remove":{"path":"a%20b","deletionTimestamp":1,"dataChange":true,"extendedFileMetadata":true,"partitionValues":{},"size":3,"deletionVector":{"storageType":"u","pathOrInlineDv":"ab^-aqEH.-t@S}K{vb[*k^","offset":1,"sizeInBytes":36,"cardinality":2}}}`,
		`{"add":{"path":"p=caf` + "\u00e9" + `/f","partitionValues":{"p":"caf\u00e9"},"size":1}}`,
	} {
		if _, ok := s.scan([]byte(line), &f); !ok {
			t.Errorf("scanner declined %s", line)
		}
	}
}

func FuzzFileScanner(f *testing.F) {
	for _, line := range scanSeeds(f) {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		checkScan(t, line)
	})
}

func FuzzDecodedPath(f *testing.F) {
	for _, s := range []string{"a", "a%20b", "%", "%4", "%41", "%zz", "a%2Fb%2f", "%e9t%C3%A9", "+%2B"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		want, err := url.PathUnescape(raw)
		if err != nil {
			want = raw
		}
		if got := string(appendDecodedPath([]byte("x"), raw)); got != "x"+want {
			t.Errorf("appendDecodedPath(%q) = %q, want %q", raw, got[1:], want)
		}
		if got := decodePath(raw); got != want {
			t.Errorf("decodePath(%q) = %q, want %q", raw, got, want)
		}
	})
}
