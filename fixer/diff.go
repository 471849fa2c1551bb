package fixer

import (
	"bytes"
	"fmt"
	"strings"
)

// Diff returns a unified diff of old and new, with three lines of context,
// for --diff. It compares lines with a longest-common-subsequence table, which
// is fine for the size of a fix; very large files fall back to one hunk.
func Diff(path string, old, new []byte) string {
	if bytes.Equal(old, new) {
		return ""
	}
	a, b := splitLines(old), splitLines(new)
	ops := diffLines(a, b)
	var sb strings.Builder
	name := patchName(path)
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", name, name)
	const ctx = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// a hunk: from ctx lines before this change to ctx lines after the last change near it
		start := max(0, i-ctx)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(len(ops), end+ctx)
				break
			}
			end = run
		}
		aStart, bStart, aLen, bLen := ops[start].a, ops[start].b, 0, 0
		for _, op := range ops[start:end] {
			if op.kind != '+' {
				aLen++
			}
			if op.kind != '-' {
				bLen++
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
		for _, op := range ops[start:end] {
			sb.WriteByte(op.kind)
			sb.WriteString(op.line)
			if !strings.HasSuffix(op.line, "\n") {
				sb.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return sb.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	line string
	a, b int // line index in old and new before this op
}

func splitLines(s []byte) []string {
	var out []string
	for len(s) > 0 {
		i := bytes.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, string(s))
			break
		}
		out = append(out, string(s[:i+1]))
		s = s[i+1:]
	}
	return out
}

// diffLines trims the common prefix and suffix, then runs an LCS over the middle.
func diffLines(a, b []string) []diffOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []diffOp
	for i := 0; i < pre; i++ {
		ops = append(ops, diffOp{' ', a[i], i, i})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(ma)*len(mb) > 4_000_000 {
		for i, l := range ma {
			ops = append(ops, diffOp{'-', l, pre + i, pre})
		}
		for j, l := range mb {
			ops = append(ops, diffOp{'+', l, pre + len(ma), pre + j})
		}
	} else {
		ops = append(ops, lcs(ma, mb, pre)...)
	}
	for i := 0; i < suf; i++ {
		ia, ib := len(a)-suf+i, len(b)-suf+i
		ops = append(ops, diffOp{' ', a[ia], ia, ib})
	}
	return ops
}

func lcs(a, b []string, base int) []diffOp {
	n, m := len(a), len(b)
	t := make([][]int32, n+1)
	for i := range t {
		t[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	var ops []diffOp
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, diffOp{' ', a[i], base + i, base + j})
			i, j = i+1, j+1
		case i < n && (j == m || t[i+1][j] >= t[i][j+1]):
			ops = append(ops, diffOp{'-', a[i], base + i, base + j})
			i++
		default:
			ops = append(ops, diffOp{'+', b[j], base + i, base + j})
			j++
		}
	}
	return ops
}

// patchName writes a file name as GNU patch and git read it in a diff
// header: quoted C-style when it holds a quote, a backslash or a control
// character, followed by a tab (which ends the name) when it holds a space.
func patchName(path string) string {
	quote := false
	for i := 0; i < len(path); i++ {
		if c := path[i]; c == '"' || c == '\\' || c < 0x20 || c == 0x7f {
			quote = true
		}
	}
	if quote {
		var b strings.Builder
		b.WriteByte('"')
		for i := 0; i < len(path); i++ {
			switch c := path[i]; {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\t':
				b.WriteString(`\t`)
			case c == '\n':
				b.WriteString(`\n`)
			case c < 0x20 || c == 0x7f:
				fmt.Fprintf(&b, "\\%03o", c)
			default:
				b.WriteByte(c)
			}
		}
		b.WriteByte('"')
		return b.String()
	}
	if strings.ContainsRune(path, ' ') {
		return path + "\t"
	}
	return path
}
