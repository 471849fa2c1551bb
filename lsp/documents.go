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

	// gen identifies the text to lint; it grows on every change and relint,
	// across all documents, so a late result of an older lint (or of a
	// closed and reopened document) never matches.
	gen    uint64
	ctx    context.Context
	cancel context.CancelFunc // stops the lint of gen
	// linting is set while a goroutine lints this document. One at a time:
	// a burst of edits to a big file then costs two lints, not one each.
	linting bool

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
	doc     *document // identity only: its fields are guarded by documents.mu
	uri     string
	path    string
	version int
	text    string
	gen     uint64
}

// open starts tracking a buffer (or replaces one reopened without a close).
// It returns a job to start, or nil when a running lint will pick it up.
func (ds *documents) open(parent context.Context, uri, path string, version int, text string) *lintJob {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.docs[uri]
	if !ok {
		d = &document{uri: uri}
		ds.docs[uri] = d
	}
	d.path, d.version, d.text = path, version, text
	return ds.schedule(parent, d)
}

// edit applies content changes to an open document's text; ok is false
// when it is not open.
func (ds *documents) edit(parent context.Context, uri string, version int, changes []contentChange) (job *lintJob, ok bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.docs[uri]
	if !ok {
		return nil, false
	}
	for _, c := range changes {
		d.text = applyChange(d.text, c)
	}
	d.version = version
	return ds.schedule(parent, d), true
}

// relint schedules the given open documents again, or all when uris is
// empty, and returns the jobs to start.
func (ds *documents) relint(parent context.Context, uris ...string) []*lintJob {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	var jobs []*lintJob
	add := func(d *document) {
		if job := ds.schedule(parent, d); job != nil {
			jobs = append(jobs, job)
		}
	}
	if len(uris) == 0 {
		for _, d := range ds.docs {
			add(d)
		}
	}
	for _, u := range uris {
		if d, ok := ds.docs[u]; ok {
			add(d)
		}
	}
	return jobs
}

// schedule starts a new generation of d and cancels the lint of the last.
// It returns the job to start, or nil when d is being linted: that
// goroutine lints the new text next (see next). ds.mu is held.
func (ds *documents) schedule(parent context.Context, d *document) *lintJob {
	if d.cancel != nil {
		d.cancel()
	}
	ds.gen++
	d.gen = ds.gen
	d.ctx, d.cancel = context.WithCancel(parent)
	if d.linting {
		return nil
	}
	d.linting = true
	return d.job()
}

// job snapshots d. ds.mu is held.
func (d *document) job() *lintJob {
	return &lintJob{ctx: d.ctx, doc: d, uri: d.uri, path: d.path, version: d.version, text: d.text, gen: d.gen}
}

// next is called when a lint ends: it returns the document's newer text to
// lint, or nil when there is none (or the document closed).
func (ds *documents) next(done *lintJob) *lintJob {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d := done.doc
	if ds.docs[done.uri] != d {
		return nil // closed; a reopened document has its own goroutine
	}
	if d.gen == done.gen {
		d.linting = false
		return nil
	}
	return d.job()
}

// accept records diags as published if they come from the document's
// current text, and says whether to publish them.
func (ds *documents) accept(job *lintJob, diags []output.LSPDiagnostic) bool {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.docs[job.uri]
	if !ok || d != job.doc || d.gen != job.gen {
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
