package output

import (
	"bufio"
	"encoding/xml"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/finding"
)

// junitPrinter prints a JUnit XML report, as CI systems show test results:
// one test suite per file with findings, one failed test case per finding;
// one suite with one passing case for each other file linted
// (Options.Linted); and a suite of skipped cases for the files that could
// not be linted.
type junitPrinter struct {
	opts   Options
	suites []junitSuite
	notes  []Notice
}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Error     *junitFailure `xml:"error,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

func (j *junitPrinter) file(_ *bufio.Writer, findings []*finding.Finding) error {
	path := findingPath(findings[0], j.opts)
	s := junitSuite{Name: path, Tests: len(findings), Failures: len(findings)}
	for _, f := range findings {
		start, _ := f.InFile()
		where := path + ":" + itoa(max(start.Line, 1)) + ":" + itoa(max(start.Column, 1))
		text := where + ": " + f.Code + " " + notebookPrefix(f) + f.Message
		if f.URL != "" {
			text += "\n" + f.URL
		}
		s.Cases = append(s.Cases, junitCase{
			Name:      f.Code + " at " + where,
			ClassName: path,
			File:      path,
			Line:      start.Line,
			Failure:   &junitFailure{Message: notebookPrefix(f) + f.Message, Type: f.Code, Text: text},
		})
	}
	j.suites = append(j.suites, s)
	return nil
}

// passing returns a suite of one passing case for each linted file that
// has neither findings nor a notice.
func (j *junitPrinter) passing() []junitSuite {
	done := map[string]bool{}
	for _, s := range j.suites {
		done[s.Name] = true
	}
	for _, n := range j.notes {
		if n.Path != "" {
			p, _ := projectPath(n.Path, "", j.opts)
			done[p] = true
		}
	}
	var out []junitSuite
	for _, f := range j.opts.Linted {
		p, _ := projectPath(f, "", j.opts)
		if done[p] {
			continue
		}
		done[p] = true
		out = append(out, junitSuite{Name: p, Tests: 1, Cases: []junitCase{{Name: "no findings", ClassName: p, File: p}}})
	}
	return out
}

func (j *junitPrinter) notices(ns []Notice) { j.notes = append(j.notes, ns...) }

func (j *junitPrinter) end(w *bufio.Writer) error {
	suites := append(j.suites, j.passing()...)
	slices.SortStableFunc(suites, func(a, b junitSuite) int { return strings.Compare(a.Name, b.Name) })
	if len(j.notes) > 0 {
		s := junitSuite{Name: "lakelint: not linted"}
		for _, n := range j.notes {
			p, _ := projectPath(n.Path, "", j.opts)
			c := junitCase{Name: strings.TrimSpace(p + " " + n.Message), ClassName: "lakelint", File: p}
			if n.Error {
				c.Error = &junitFailure{Message: n.Message, Type: "error", Text: n.Message}
				s.Errors++
			} else {
				c.Skipped = &junitSkipped{Message: n.Message}
				s.Skipped++
			}
			s.Tests++
			s.Cases = append(s.Cases, c)
		}
		suites = append(suites, s)
	}
	all := junitSuites{Name: "lakelint", Suites: suites}
	for _, s := range suites {
		all.Tests += s.Tests
		all.Failures += s.Failures
		all.Errors += s.Errors
		all.Skipped += s.Skipped
	}
	w.WriteString(xml.Header)
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return err
	}
	_, err := w.WriteString("\n")
	return err
}
