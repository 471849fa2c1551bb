package pyfacts

import (
	"bytes"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// platformSigns are what Python code says of where it runs. Each is looked
// for as text first (cheap), then confirmed in the syntax tree, so comments
// and unrelated names never count.
var platformSigns = []struct {
	text     string
	platform facts.SignOf
	what     string
	rank     int
	// in says which node the text must be: "name" an identifier of exactly
	// the text, "call" the function of a call, "string" inside a string.
	in string
}{
	{"dbutils", facts.SignOfDatabricks, "dbutils", facts.RankAPI, "name"},
	{"DatabricksSession", facts.SignOfDatabricks, "DatabricksSession", facts.RankAPI, "name"},
	{"configure_spark_with_delta_pip", facts.SignOfOSS, "configure_spark_with_delta_pip", facts.RankAPI, "name"},
	{"io.delta.sql.DeltaSparkSessionExtension", facts.SignOfOSS, "io.delta.sql.DeltaSparkSessionExtension", facts.RankAPI, "string"},
	// the Maven packages of open-source Delta (spark.jars.packages, a
	// spark-submit --packages a scheduler runs): Databricks ships its own
	{"io.delta:delta-", facts.SignOfOSS, "the io.delta Maven packages", facts.RankAPI, "string"},
	{"/Volumes/", facts.SignOfDatabricks, "a /Volumes/ path", facts.RankPath, "string"},
	{"/Workspace/", facts.SignOfDatabricks, "a /Workspace/ path", facts.RankPath, "string"},
	{"dbfs:", facts.SignOfDatabricks, "a dbfs: path", facts.RankPath, "string"},
	{"display", facts.SignOfDatabricks, "display(...)", facts.RankDisplay, "call"},
}

// signAnchors are, for each sign, where in its text the byte least common
// in code is: looking for that byte skips the most text at once.
var signAnchors = func() []int {
	out := make([]int, len(platformSigns))
	for i, s := range platformSigns {
		out[i] = anchorOf(s.text)
	}
	return out
}()

// anchorOf picks the first capital letter of text, or else its first byte
// among a few rare in code, or else its first byte.
func anchorOf(text string) int {
	if i := strings.IndexFunc(text, func(r rune) bool { return r >= 'A' && r <= 'Z' }); i >= 0 {
		return i
	}
	if i := strings.IndexAny(text, "qjzxkvwyb:"); i >= 0 {
		return i
	}
	return 0
}

// indexFrom is the first offset at or after off where text is in src, or
// -1: bytes.Index(src[off:], text)+off, found by looking for text's byte at
// anchor.
func indexFrom(src []byte, off int, text string, anchor int) int {
	for i := off + anchor; i < len(src); i++ {
		k := bytes.IndexByte(src[i:], text[anchor])
		if k < 0 {
			return -1
		}
		i += k
		if j := i - anchor; j+len(text) <= len(src) && string(src[j:j+len(text)]) == text {
			return j
		}
	}
	return -1
}

// otherSparkKernels are Jupyter kernels of Spark services that are not
// Databricks but have display(...) too: Azure Synapse and Microsoft Fabric.
var otherSparkKernels = map[string]bool{"synapse_pyspark": true, "synapse_spark": true, "synapse_sparkr": true}

// otherSparkSource reports whether text is a notebook as Microsoft Fabric
// or Azure Synapse keep it in git (notebook-content.py): its first line is
// "# Fabric notebook source" or "# Synapse Analytics notebook source".
func otherSparkSource(text []byte) bool {
	text = bytes.TrimPrefix(text, []byte("\ufeff"))
	line, _, _ := bytes.Cut(text, []byte("\n"))
	switch string(bytes.TrimSpace(line)) {
	case "# Fabric notebook source", "# Synapse Analytics notebook source":
		return true
	}
	return false
}

// evidence records the platform signs of the region being read, each once per file.
func (x *extractor) evidence() {
	if !x.service && (otherSparkKernels[strings.ToLower(x.doc.Kernel)] || otherSparkSource(x.doc.Text)) {
		x.service = true
		x.file.Evidence = append(x.file.Evidence, facts.Evidence{Platform: facts.SignOfService, What: "an Azure Synapse or Microsoft Fabric notebook", Rank: facts.RankAPI})
	}
	for i, s := range platformSigns {
		if x.signs&(1<<i) != 0 {
			continue
		}
		if s.text == "display" && (otherSparkKernels[strings.ToLower(x.doc.Kernel)] || otherSparkSource(x.doc.Text) || x.doc.Format == document.Jupyter && !x.doc.Databricks) {
			// a Synapse or Fabric notebook's display(...) says nothing of
			// Databricks, nor a Jupyter notebook's that Databricks did not
			// export: IPython has it built in
			continue
		}
		for off := 0; off < len(x.src); {
			j := indexFrom(x.src, off, s.text, signAnchors[i])
			if j < 0 {
				break
			}
			off = j + len(s.text)
			if n, ok := signAt(x.tree.NodeAt(j), s.text, s.in); ok {
				x.signs |= 1 << i
				x.file.Evidence = append(x.file.Evidence, facts.Evidence{
					Platform: s.platform, What: s.what, Rank: s.rank, At: x.spanOf(n),
				})
				break
			}
		}
	}
}

// signAt reports whether n, the smallest node at a match, is the sign.
func signAt(n python.Node, text, in string) (python.Node, bool) {
	switch in {
	case "name", "call":
		if !n.Is("identifier") || !n.TextIs(text) {
			return n, false
		}
		if in == "call" {
			p := n.Parent()
			return n, p.Is("call") && p.ChildByFieldID(fFunction).Start() == n.Start() && p.ChildByFieldID(fFunction).Is("identifier")
		}
		return n, true
	case "string":
		for p := n; p.Valid(); p = p.Parent() {
			if p.Is("string") {
				return p, true
			}
		}
	}
	return n, false
}
