package lsp

import (
	"context"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/lakelint/lakelint/output"
)

// document is one open buffer.
type document struct {
	uri     string
	path    string // the file path it is linted as
	version int    // the client's version of text
	text    string

	// gen identifies the text being linted; it grows on every change and
	// relint, across all documents, so a late result of an older lint (or of
	// a closed and reopened document) never matches.
	gen    uint64
	cancel context.CancelFunc // stops the lint of gen

	// published is what was last sent, and the gen it was linted from.
	published    []output.LSPDiagnostic
	publishedGen uint64
}

// documents holds the open buffers by URI; it is safe for concurrent use.
type documents struct {
	mu   sync.Mutex
	docs map[string]*document
	gen  uint64
}

func newDocuments() *documents {
	return &documents{docs: map[string]*document{}}
}

// lintJob is a snapshot of a document to lint.
type lintJob struct {
	ctx     context.Context
	uri     string
	path    string
	version int
	text    string
	gen     uint64
}

// update sets a document's text (opening it when doc is new) and returns
// the lint job for it, cancelling the lint of the previous text.
func (ds *documents) update(parent context.Context, uri, path string, version int, text string, open bool) (lintJob, bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.docs[uri]
	if !ok {
		if !open {
			return lintJob{}, false
		}
		d = &document{uri: uri}
		ds.docs[uri] = d
	}
	if open {
		d.path = path
	}
	d.version, d.text = version, text
	return ds.schedule(parent, d), true
}

// edit applies content changes to an open document's text.
func (ds *documents) edit(parent context.Context, uri string, version int, changes []contentChange) (lintJob, bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.docs[uri]
	if !ok {
		return lintJob{}, false
	}
	for _, c := range changes {
		d.text = applyChange(d.text, c)
	}
	d.version = version
	return ds.schedule(parent, d), true
}

// relint returns lint jobs for the given open documents, or all when uris
// is empty.
func (ds *documents) relint(parent context.Context, uris ...string) []lintJob {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	var jobs []lintJob
	if len(uris) == 0 {
		for _, d := range ds.docs {
			jobs = append(jobs, ds.schedule(parent, d))
		}
		return jobs
	}
	for _, u := range uris {
		if d, ok := ds.docs[u]; ok {
			jobs = append(jobs, ds.schedule(parent, d))
		}
	}
	return jobs
}

// schedule starts a new generation of d. ds.mu is held.
func (ds *documents) schedule(parent context.Context, d *document) lintJob {
	if d.cancel != nil {
		d.cancel()
	}
	ds.gen++
	d.gen = ds.gen
	ctx, cancel := context.WithCancel(parent)
	d.cancel = cancel
	return lintJob{ctx: ctx, uri: d.uri, path: d.path, version: d.version, text: d.text, gen: d.gen}
}

// accept records diags as published if they come from the document's
// current text, and says whether to publish them.
func (ds *documents) accept(job lintJob, diags []output.LSPDiagnostic) bool {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.docs[job.uri]
	if !ok || d.gen != job.gen {
		return false
	}
	d.published, d.publishedGen = diags, job.gen
	return true
}

// close forgets a document and stops its lint.
func (ds *documents) close(uri string) bool {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.docs[uri]
	if ok {
		if d.cancel != nil {
			d.cancel()
		}
		delete(ds.docs, uri)
	}
	return ok
}

// current returns a document's path and its published diagnostics, if
// they describe its present text.
func (ds *documents) current(uri string) (path string, diags []output.LSPDiagnostic, ok bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, found := ds.docs[uri]
	if !found || d.publishedGen != d.gen {
		return "", nil, false
	}
	return d.path, d.published, true
}

// applyChange returns text with one content change applied.
func applyChange(text string, c contentChange) string {
	if c.Range == nil {
		return c.Text
	}
	start := offsetOf(text, c.Range.Start)
	end := offsetOf(text, c.Range.End)
	if end < start {
		start, end = end, start
	}
	return text[:start] + c.Text + text[end:]
}

// offsetOf turns an LSP position (0-based line, UTF-16 character) into a
// byte offset in text, clamping positions past a line's or the text's end.
func offsetOf(text string, p output.LSPPosition) int {
	off := 0
	for line := 0; line < p.Line; line++ {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return len(text)
		}
		off += i + 1
	}
	end := len(text)
	if i := strings.IndexByte(text[off:], '\n'); i >= 0 {
		end = off + i
	}
	if end > off && text[end-1] == '\r' {
		end-- // a position never falls inside a CRLF
	}
	units := 0
	for off < end && units < p.Character {
		r, n := utf8.DecodeRuneInString(text[off:end])
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		off += n
	}
	return off
}
