package lsp

import (
	"context"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/lakelint/lakelint/output"
)

// document is one open buffer: a text document, or a notebook whose cells
// are text documents of their own.
type document struct {
	uri     string
	path    string // the file path it is linted as
	version int    // the client's version of text (of the notebook, for one)
	text    string
	// notebook marks a notebook; cells are its cells. The slice is
	// replaced, never changed in place, so a snapshot may keep it.
	notebook bool
	cells    []cell
	kernel   string // a notebook's kernel name, from its metadata

	// gen is the documents generation of the last change to the text.
	gen uint64
	// published is what was last sent, by the URI it was sent for (the
	// document's, or each cell's), and the gen it was linted from.
	published    map[string][]diagnostic
	sentVersion  map[string]int // the version each URI's diagnostics were sent with
	publishedGen uint64
}

// documents holds the open buffers; it is safe for concurrent use.
//
// Every open document is linted in one run per project, so that each
// buffer's unsaved text is what the others see of that file, and a change
// to one re-lints those that depend on it. A run lints a snapshot of all
// documents; a change cancels the run in progress and the lint goroutine
// starts over from the newest snapshot, so a burst of edits costs two runs,
// not one each.
type documents struct {
	mu        sync.Mutex
	texts     map[string]*document // text documents by URI
	notebooks map[string]*document // notebooks by URI
	cellOf    map[string]*document // the notebook of each open cell URI
	// gen grows on every change to a document or to what it is linted
	// against (a file on disk, a config), so a late result never matches.
	gen      uint64
	linted   uint64 // the gen of the last snapshot taken
	running  bool   // a goroutine is linting; it takes the next snapshot itself
	stopLast context.CancelFunc
}

func newDocuments() *documents {
	return &documents{texts: map[string]*document{}, notebooks: map[string]*document{}, cellOf: map[string]*document{}}
}

// snapshot is what one run lints: every open document as it was.
type snapshot struct {
	ctx  context.Context
	docs []docSnapshot
}

// docSnapshot is one document of a snapshot.
type docSnapshot struct {
	doc      *document // identity only: its fields are guarded by documents.mu
	uri      string
	path     string
	version  int
	text     string
	notebook bool
	cells    []cell
	kernel   string
	gen      uint64
}

// changed records a change (already applied under ds.mu, or to something
// the documents are linted against) and cancels the run in progress. It
// reports whether the caller must start the lint goroutine. ds.mu is held.
func (ds *documents) changed() bool {
	ds.gen++
	if ds.stopLast != nil {
		ds.stopLast()
	}
	if ds.running {
		return false
	}
	ds.running = true
	return true
}

// touch records that something the documents are linted against changed.
func (ds *documents) touch() bool {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	return ds.changed()
}

// open starts tracking a text document (or replaces one reopened without a close).
func (ds *documents) open(uri, path string, version int, text string) bool {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.texts[uri]
	if !ok {
		d = &document{uri: uri}
		ds.texts[uri] = d
	}
	d.path, d.version, d.text = path, version, text
	start := ds.changed()
	d.gen = ds.gen
	return start
}

// edit applies content changes to an open text document; ok is false
// when it is not open.
func (ds *documents) edit(uri string, version int, changes []contentChange) (start, ok bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, ok := ds.texts[uri]
	if !ok {
		return false, false
	}
	for _, c := range changes {
		d.text = applyChange(d.text, c)
	}
	d.version = version
	start = ds.changed()
	d.gen = ds.gen
	return start, true
}

// close forgets a text document. It returns the URIs whose diagnostics
// must be cleared, and whether to start the lint goroutine (the other
// documents now see the file on disk).
func (ds *documents) close(uri string) (cleared []string, start bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if _, ok := ds.texts[uri]; !ok {
		return nil, false
	}
	delete(ds.texts, uri)
	return []string{uri}, ds.changed()
}

// next is called by the lint goroutine: it returns the snapshot to lint,
// or nil when the last one is current (and the goroutine ends).
func (ds *documents) next(parent context.Context) *snapshot {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if ds.stopLast != nil {
		ds.stopLast() // the last run is over: release its context
	}
	if ds.gen == ds.linted {
		ds.running = false
		return nil
	}
	ds.linted = ds.gen
	ctx, cancel := context.WithCancel(parent)
	ds.stopLast = cancel
	snap := &snapshot{ctx: ctx}
	add := func(d *document) {
		snap.docs = append(snap.docs, docSnapshot{doc: d, uri: d.uri, path: d.path, version: d.version, text: d.text, notebook: d.notebook, cells: d.cells, kernel: d.kernel, gen: d.gen})
	}
	for _, d := range ds.texts {
		add(d)
	}
	for _, d := range ds.notebooks {
		add(d)
	}
	slices.SortFunc(snap.docs, func(a, b docSnapshot) int { return strings.Compare(a.uri, b.uri) })
	return snap
}

// accept records diags as published if they come from the document's
// current text. It returns the URIs to send them for: those whose
// diagnostics or version differ from what was last sent.
func (ds *documents) accept(snap *docSnapshot, diags map[string][]diagnostic) (send []string) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d := snap.doc
	if !ds.isOpen(d) || d.gen != snap.gen {
		return nil
	}
	sent := make(map[string]int, len(diags))
	for uri, list := range diags {
		v := snap.versionOf(uri)
		sent[uri] = v
		old, ok := d.published[uri]
		if oldV, okV := d.sentVersion[uri]; !ok || !okV || oldV != v || !sameDiagnostics(old, list) {
			send = append(send, uri)
		}
	}
	d.published, d.sentVersion, d.publishedGen = diags, sent, d.gen
	return send
}

// versionOf is the version of the document or cell uri names.
func (d *docSnapshot) versionOf(uri string) int {
	if d.notebook {
		if i := cellIndex(d.cells, uri); i >= 0 {
			return d.cells[i].version
		}
	}
	return d.version
}

// isOpen reports whether d is still the open document of its URI. ds.mu is held.
func (ds *documents) isOpen(d *document) bool {
	if d.notebook {
		return ds.notebooks[d.uri] == d
	}
	return ds.texts[d.uri] == d
}

// current returns the path of the document uri names (a text document or
// a notebook cell) and the diagnostics published for uri, if they describe
// its present text.
func (ds *documents) current(uri string) (path string, diags []diagnostic, ok bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	d, found := ds.texts[uri]
	if !found {
		d, found = ds.cellOf[uri]
	}
	if !found || d.publishedGen != d.gen {
		return "", nil, false
	}
	return d.path, d.published[uri], true
}

// textOf returns the path a document uri names is linted as (a text
// document, or a notebook cell's notebook) and the text of uri itself;
// isCell says it is a cell.
func (ds *documents) textOf(uri string) (path, text string, isCell, ok bool) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if d, found := ds.texts[uri]; found {
		return d.path, d.text, false, true
	}
	if d, found := ds.cellOf[uri]; found {
		for _, c := range d.cells {
			if c.uri == uri {
				return d.path, c.text, true, true
			}
		}
	}
	return "", "", false, false
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

// positionOf is offsetOf's inverse: the LSP position of byte offset off.
func positionOf(text string, off int) output.LSPPosition {
	off = max(0, min(off, len(text)))
	start := strings.LastIndexByte(text[:off], '\n') + 1
	p := output.LSPPosition{Line: strings.Count(text[:start], "\n")}
	for _, r := range text[start:off] {
		p.Character++
		if r >= 0x10000 {
			p.Character++
		}
	}
	return p
}
