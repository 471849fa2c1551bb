package output

import (
	"bufio"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lakelint/lakelint/finding"
)

// ANSI styles for text output.
const (
	reset  = "\x1b[0m"
	bold   = "\x1b[1m"
	red    = "\x1b[1;31m"
	yellow = "\x1b[1;33m"
	blue   = "\x1b[1;34m"
	cyan   = "\x1b[1;36m"
	green  = "\x1b[1;32m"
	dim    = "\x1b[2m"
)

// textPrinter prints one line per finding,
//
//	path:line:col: LL101 [*] message
//
// ("path:cell N:line:col:" in notebooks), then a summary.
type textPrinter struct {
	opts              Options
	counts            [finding.Hint + 1]int
	total             int
	fixes, unsafeOnly int
	fixCodes          map[string]finding.Applicability // rules whose fixes were shown, for the legend
	// unchecked is set when a notice says the run failed or linted no
	// file: "All checks passed!" would then say what is not so
	unchecked bool
}

func (t *textPrinter) notices(ns []Notice) {
	for _, n := range ns {
		t.unchecked = t.unchecked || n.Error || n.NothingLinted
	}
}

func (t *textPrinter) paint(style, s string) string {
	if !t.opts.Color {
		return s
	}
	return style + s + reset
}

func (t *textPrinter) file(w *bufio.Writer, findings []*finding.Finding) error {
	paint := t.paint
	colon := paint(dim, ":")
	var num [20]byte
	path, shown := "", "" // the last path, as it is printed: findings come a file at a time
	for i, f := range findings {
		sev := severity(f)
		t.counts[sev]++
		t.total++
		if i == 0 || f.Path != path {
			path, shown = f.Path, paint(bold, printable(f.Path))
		}
		w.WriteString(shown)
		w.WriteString(colon)
		if f.Cell > 0 {
			w.WriteString("cell ")
			writeInt(w, &num, f.Cell)
			w.WriteString(colon)
		}
		writeInt(w, &num, f.Start.Line)
		w.WriteString(colon)
		writeInt(w, &num, f.Start.Column)
		w.WriteString(colon)
		w.WriteString(" ")
		w.WriteString(paint(severityStyle[sev], f.Code))
		switch {
		case fixable(f, t.opts):
			t.fixes++
			w.WriteString(" ")
			w.WriteString(paint(cyan, "[*]"))
		case f.HasFix(finding.Unsafe):
			t.unsafeOnly++
		}
		for _, fx := range f.Fixes {
			if t.fixCodes == nil {
				t.fixCodes = map[string]finding.Applicability{}
			}
			if was, ok := t.fixCodes[f.Code]; ok && was != fx.Applicability {
				t.fixCodes[f.Code] = "safe and unsafe" // the rule's fixes differ by case
			} else {
				t.fixCodes[f.Code] = fx.Applicability
			}
		}
		w.WriteString(" ")
		w.WriteString(printable(f.Message))
		w.WriteString("\n")
	}
	return nil
}

// writeInt writes n in decimal, with buf for its digits: no string is made.
func writeInt(w *bufio.Writer, buf *[20]byte, n int) {
	_, _ = w.Write(strconv.AppendInt(buf[:0], int64(n), 10)) // a bufio error sticks: Flush reports it
}

func (t *textPrinter) end(w *bufio.Writer) error {
	paint, counts := t.paint, t.counts
	if t.opts.Quiet {
		return nil
	}
	if t.total == 0 {
		if t.unchecked {
			return nil // the notices, on standard error, say why
		}
		_, err := w.WriteString(paint(green, "All checks passed!") + "\n")
		return err
	}
	fmt.Fprintf(w, "\n%s (%s, %s, %d info", paint(bold, "Found "+plural(t.total, "problem")),
		plural(counts[finding.Error], "error"), plural(counts[finding.Warning], "warning"),
		counts[finding.Information])
	if counts[finding.Hint] > 0 {
		w.WriteString(", " + plural(counts[finding.Hint], "hint"))
	}
	w.WriteString(").\n")
	if t.fixes > 0 {
		fmt.Fprintf(w, "%s %d fixable with --fix.\n", paint(cyan, "[*]"), t.fixes)
	}
	if t.unsafeOnly > 0 {
		more := ""
		if t.fixes > 0 {
			more = "more "
		}
		fmt.Fprintf(w, "(%d %sfixable with --unsafe-fixes.)\n", t.unsafeOnly, more)
	}
	t.legend(w)
	return nil
}

// legend says, for each rule whose fixes were shown, whether they are safe
// and why, so that a reader knows what --fix would do.
func (t *textPrinter) legend(w *bufio.Writer) {
	codes := make([]string, 0, len(t.fixCodes))
	for c := range t.fixCodes {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	for _, c := range codes {
		why := t.opts.Rules[c].FixSafety
		if why != "" {
			why = ": " + why
		}
		fmt.Fprintf(w, "  %s %s fix%s\n", c, t.fixCodes[c], printable(why))
	}
}

var severityStyle = [...]string{
	finding.Error:       red,
	finding.Warning:     yellow,
	finding.Information: blue,
	finding.Hint:        cyan,
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// printable keeps a finding on one line and the terminal safe from escape
// sequences that file names or quoted source text might carry: line breaks
// become spaces and other control characters are shown as \xNN.
func printable(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 && s[i] != '\t' || s[i] == 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\r' && i+1 < len(s) && s[i+1] == '\n':
			b.WriteByte(' ')
			i += 2
			continue
		case c == '\n' || c == '\r':
			b.WriteByte(' ')
		case c < 0x20 && c != '\t' || c == 0x7f:
			fmt.Fprintf(&b, "\\x%02x", c)
		default:
			_, n := utf8.DecodeRuneInString(s[i:])
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		i++
	}
	return b.String()
}
