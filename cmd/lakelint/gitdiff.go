package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// changedLines are the lines added or changed since a revision, by
// absolute path; a nil set means every line (a file git does not track, a
// file git calls binary, or every file when the diff has no merge base).
type changedLines map[string]map[int]bool

// diffArgs are the options every diff lakelint reads runs with, so that a
// user's git config (diff.noprefix, diff.mnemonicPrefix, diff.external,
// textconv drivers, colour) cannot change what is parsed.
var diffArgs = []string{"diff", "--no-color", "--no-ext-diff", "--no-textconv",
	"--src-prefix=a/", "--dst-prefix=b/", "--find-renames", "--ignore-submodules"}

// changedSince asks git which lines changed between rev and the working
// tree ("origin/main...HEAD" compares HEAD with the merge base, as a pull
// request does). Untracked files count as changed throughout. When a
// "A...B" range has no merge base (a shallow clone), every file that
// differs between A and B counts as changed throughout, and the notice
// says so.
func changedSince(rev string) (changed changedLines, notice string, err error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, "", err
	}
	top, err := gitOutput(wd, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, "", fmt.Errorf("--diff-from needs a git repository: %w", err)
	}
	top = strings.TrimSpace(top)
	if strings.HasPrefix(rev, "-") {
		return nil, "", fmt.Errorf("--diff-from %q: not a revision", rev)
	}
	revs := []string{rev}
	if base, head, ok := strings.Cut(rev, "..."); ok {
		base, head = orHEAD(base), orHEAD(head)
		if _, err := gitOutput(top, "merge-base", base, head); err != nil {
			if !isCommit(top, base) || !isCommit(top, head) {
				return nil, "", fmt.Errorf("--diff-from %s: %w", rev, err)
			}
			// both ends are there but not the history joining them
			revs = []string{base, head}
			notice = fmt.Sprintf("--diff-from %s: no merge base (a shallow clone? fetch more history, e.g. actions/checkout with fetch-depth: 0); "+
				"reporting every finding in the files that differ between %s and %s", rev, base, head)
		}
	}
	names, err := gitOutput(top, append(append(slices.Clone(diffArgs), "--numstat", "-z"), append(revs, "--")...)...)
	if err != nil {
		return nil, "", fmt.Errorf("--diff-from %s: %w", rev, err)
	}
	changed = changedLines{}
	for _, f := range parseNumstatZ(names) {
		abs := filepath.Join(top, filepath.FromSlash(f.path))
		switch {
		case notice != "" || f.binary:
			changed[abs] = nil
		default:
			changed[abs] = map[int]bool{} // lines come from the patch; none for a pure rename or mode change
		}
	}
	if notice == "" {
		patch, err := gitOutput(top, append(append(slices.Clone(diffArgs), "--unified=0"), append(revs, "--")...)...)
		if err != nil {
			return nil, "", fmt.Errorf("--diff-from %s: %w", rev, err)
		}
		for name, lines := range parseUnifiedZero(top, patch) {
			if set, ok := changed[name]; !ok || set != nil {
				changed[name] = lines
			}
		}
	}
	untracked, err := gitOutput(top, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, "", err
	}
	for _, p := range strings.Split(untracked, "\x00") {
		if p != "" {
			changed[filepath.Join(top, filepath.FromSlash(p))] = nil
		}
	}
	return changed, notice, nil
}

func orHEAD(rev string) string {
	if rev == "" {
		return "HEAD"
	}
	return rev
}

// isCommit reports whether rev names a commit the repository has.
func isCommit(top, rev string) bool {
	_, err := gitOutput(top, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	return err == nil
}

// numstatFile is one file of `git diff --numstat -z`: its new path (the
// old one for a deletion) and whether git counted it as binary.
type numstatFile struct {
	path   string
	binary bool
}

// parseNumstatZ reads `git diff --numstat -z`: "ADDED\tDELETED\tPATH\0", or
// for a rename "ADDED\tDELETED\t\0OLD\0NEW\0"; binary files count "-".
// Names are raw bytes, never quoted.
func parseNumstatZ(out string) []numstatFile {
	var files []numstatFile
	fields := strings.Split(out, "\x00")
	for i := 0; i < len(fields); i++ {
		rec := fields[i]
		if rec == "" {
			continue
		}
		added, rest, ok1 := strings.Cut(rec, "\t")
		deleted, path, ok2 := strings.Cut(rest, "\t")
		if !ok1 || !ok2 {
			continue
		}
		if path == "" { // a rename: the old and the new name follow
			if i+2 >= len(fields) {
				break
			}
			path = fields[i+2]
			i += 2
		}
		files = append(files, numstatFile{path: path, binary: added == "-" && deleted == "-"})
	}
	return files
}

// parseUnifiedZero reads `git diff --unified=0` made with the prefixes of
// diffArgs: each hunk header "@@ -a,b +c,d @@" adds lines c to c+d-1 of the
// file named by the "+++ b/..." line before it. A deleted file ("+++
// /dev/null") has no lines.
func parseUnifiedZero(top, diff string) changedLines {
	changed := changedLines{}
	var current map[int]bool
	sc := bufio.NewScanner(strings.NewReader(diff))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "diff "):
			current = nil // a new file; its lines start after "+++"
		case strings.HasPrefix(line, "+++ ") && current == nil:
			name, ok := patchName(strings.TrimPrefix(line, "+++ "), "b/")
			if !ok {
				continue // /dev/null: deleted
			}
			current = map[int]bool{}
			changed[filepath.Join(top, filepath.FromSlash(name))] = current
		case strings.HasPrefix(line, "@@ ") && current != nil:
			start, count, ok := hunkNew(line)
			for i := 0; ok && i < count; i++ {
				current[start+i] = true
			}
		}
	}
	return changed
}

// patchName reads a file name of a "---" or "+++" line: C-quoted when it
// holds unusual bytes ("b/a\tb", octal escapes for non-ASCII unless
// core.quotePath is off), else as is but followed by a tab when it holds a
// space. ok is false for /dev/null or a name without the prefix.
func patchName(s, prefix string) (string, bool) {
	if strings.HasPrefix(s, `"`) {
		name, err := unquoteC(s)
		if err != nil {
			return "", false
		}
		s = name
	} else if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i] // an unquoted name has no tab: what follows is git's padding
	}
	if s == "/dev/null" {
		return "", false
	}
	return strings.CutPrefix(s, prefix)
}

var errBadQuote = errors.New("badly quoted name")

// unquoteC undoes git's quoting of a name: the text between the first
// double quote and its closing one, with \a \b \t \n \v \f \r \" \\ and
// three-digit octal escapes (one per byte of a UTF-8 character). Anything
// after the closing quote (git's padding tab) is ignored.
func unquoteC(s string) (string, error) {
	if !strings.HasPrefix(s, `"`) {
		return "", errBadQuote
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return b.String(), nil
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			break
		}
		switch e := s[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'v':
			b.WriteByte('\v')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case '"', '\\':
			b.WriteByte(e)
		default:
			if i+3 > len(s) {
				return "", errBadQuote
			}
			n, err := strconv.ParseUint(s[i:i+3], 8, 8)
			if err != nil {
				return "", errBadQuote
			}
			b.WriteByte(byte(n))
			i += 2
		}
	}
	return "", errBadQuote
}

// hunkNew reads the "+c,d" part of a hunk header.
func hunkNew(header string) (start, count int, ok bool) {
	fields := strings.Fields(header)
	if len(fields) < 3 || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, false
	}
	spec := strings.TrimPrefix(fields[2], "+")
	count = 1
	if i := strings.IndexByte(spec, ','); i >= 0 {
		n, err := strconv.Atoi(spec[i+1:])
		if err != nil {
			return 0, 0, false
		}
		count, spec = n, spec[:i]
	}
	start, err := strconv.Atoi(spec)
	if err != nil {
		return 0, 0, false
	}
	return start, count, true
}
