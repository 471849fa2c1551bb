package notebook

import (
	"strings"

	"github.com/lakelint/lakelint/parsers/document"
)

// magicLanguage returns the language of a Databricks cell magic command
// ("%sql", "%python"); other commands (%md, %scala, %sh, %pip...) hold no code
// lakelint reads.
func magicLanguage(word string) (document.Lang, bool) {
	switch word {
	case "%sql":
		return document.SQL, true
	case "%python":
		return document.Python, true
	}
	return 0, false
}

// foreignCellCommand reports whether a Jupyter cell whose first line starts
// with word holds no Python or SQL: Databricks language switches (%md, %scala,
// %r, %sh, %fs) and IPython cell magics that run another interpreter.
func foreignCellCommand(word string) bool {
	switch word {
	case "%md", "%md-sandbox", "%scala", "%r", "%sh", "%fs",
		"%%bash", "%%sh", "%%script", "%%html", "%%HTML", "%%javascript", "%%js",
		"%%latex", "%%markdown", "%%writefile", "%%file", "%%perl", "%%ruby",
		"%%svg", "%%scala", "%%R", "%%r", "%%spark", "%%configure",
		"%%info", "%%cmd", "%%pypy", "%%python2", "%%sx", "%%system":
		return true
	}
	return false
}

// pythonCellMagic reports whether an IPython cell magic runs the rest of its
// cell as Python (timing, capturing, profiling it); any other cell magic
// hands the cell to something else (%%bash, %%writefile, a kernel's own).
func pythonCellMagic(word string) bool {
	switch word {
	case "%%time", "%%timeit", "%%capture", "%%prun", "%%python", "%%python3", "%%debug", "%%local", "%%pyspark":
		return true
	}
	return false
}

// scalaCell reports whether the first line of code in text (after blank
// lines and // comments) is a Scala declaration no Python line starts with:
// val, var, lazy val, object, case class, trait, implicit, or an import of a
// package's members (import org.apache.spark.sql.functions._).
func scalaCell(text []byte) bool {
	for pos := 0; pos < len(text); {
		end, next := nextLine(text, pos)
		line := strings.TrimSpace(string(text[pos:end]))
		pos = next
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		for _, kw := range []string{"val ", "var ", "lazy val ", "object ", "case class ", "trait ", "implicit "} {
			// a name after the keyword: Python's "val = 1" assigns to val
			if rest, ok := strings.CutPrefix(line, kw); ok && rest != "" && isNameByte(rest[0]) {
				return true
			}
		}
		if path, ok := strings.CutPrefix(line, "import "); ok {
			return strings.Contains(path, "._") || strings.Contains(path, ".{")
		}
		return false
	}
	return false
}
