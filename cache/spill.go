package cache

import (
	"fmt"
	"os"
	"sync"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// DefaultSpillAfter is how many bytes of encoded facts a run keeps in
// memory before it writes the rest to a temporary file. Small runs (a
// pre-commit hook, an editor buffer) never touch the disk; a large
// project's memory follows the files in flight, not the project.
const DefaultSpillAfter = 4 << 20

// DefaultKeepDecoded is how much source (in bytes) a run's store keeps the
// facts of as they are, neither encoded nor decoded again: what a project of
// ordinary size needs, whose facts then cost no time between extraction and
// the rule pass. Facts of the source beyond it are encoded (and spilled
// after the spill bound), so memory stays bounded on the largest projects.
const DefaultKeepDecoded = 16 << 20

// spillBatch is how much is written to the temporary file at once.
const spillBatch = 1 << 20

// FactStore keeps each file's facts, encoded, between extraction and the
// rule pass: encoded facts are a fraction of their size as Go values and
// hold no pointers for the collector to trace. Put is called while files
// are extracted, then Finish once, then Get; Close removes what it wrote.
type FactStore struct {
	// KeepDecoded and SpillAfter are the bounds (DefaultKeepDecoded,
	// DefaultSpillAfter); tests lower them.
	KeepDecoded, SpillAfter int

	mu      sync.Mutex
	kept    int // source bytes whose facts are kept as they are
	inMem   int
	file    *os.File
	remove  string    // the file's name when it could not be unlinked while open
	size    int64     // bytes written to the file
	batch   []byte    // encodings not yet written, which go after size
	pending []*Stored // the entries in batch
	// failed says why facts stay in memory after all (no temporary file).
	failed string
}

// Failed says why facts stayed in memory after all, or "".
func (s *FactStore) Failed() string { return s.failed }

// NewFactStore returns a store with the default bounds.
func NewFactStore() *FactStore {
	return &FactStore{KeepDecoded: DefaultKeepDecoded, SpillAfter: DefaultSpillAfter}
}

// Stored is where one file's facts are.
type Stored struct {
	// Doc is the document the facts came from, kept with them by the
	// caller when parsed in this run.
	Doc *document.Document
	f   *facts.File // the facts themselves, when kept as they are
	mem []byte      // the encoding when kept in memory, else nil
	off int64
	n   int
}

var encodeBuffers = sync.Pool{New: func() any { return new([]byte) }}

// AsIs reports whether the facts are kept as they are, not encoded: Get
// returns them themselves, not a decoding whose strings share one buffer.
func (r *Stored) AsIs() bool { return r.f != nil }

// KeepAsIs keeps f itself (without its summary, which the link step has)
// when the source it came from, of size bytes, fits the budget; nil if not.
// The rule pass is then the only reader of f.
func (s *FactStore) KeepAsIs(f *facts.File, size int) *Stored {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.kept+size > s.KeepDecoded {
		return nil
	}
	s.kept += size
	g := *f
	g.Summary = nil
	return &Stored{f: &g}
}

// Put keeps f, from a source of size bytes: as it is within the budget,
// else encoded without its summary (the link step has it).
func (s *FactStore) Put(f *facts.File, size int) *Stored {
	if r := s.KeepAsIs(f, size); r != nil {
		return r
	}
	buf := encodeBuffers.Get().(*[]byte)
	defer encodeBuffers.Put(buf)
	b := f.AppendRuleFacts((*buf)[:0])
	*buf = b
	return s.PutEncoded(b)
}

// PutEncoded keeps facts already encoded; b is copied.
func (s *FactStore) PutEncoded(b []byte) *Stored {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inMem+len(b) <= s.SpillAfter || !s.spillFile() {
		s.inMem += len(b)
		return &Stored{mem: append([]byte(nil), b...), n: len(b)}
	}
	r := &Stored{off: s.size + int64(len(s.batch)), n: len(b)}
	s.batch = append(s.batch, b...)
	s.pending = append(s.pending, r)
	if len(s.batch) >= spillBatch {
		s.flush()
	}
	return r
}

// spillFile reports whether there is a temporary file to spill to, making it
// on first use.
func (s *FactStore) spillFile() bool {
	if s.failed != "" {
		return false
	}
	if s.file != nil {
		return true
	}
	f, err := os.CreateTemp("", "lakelint-facts-*")
	if err != nil {
		s.failed = "cannot make a temporary file: " + err.Error()
		return false
	}
	// unlinked at once where the system allows it: nothing is left behind
	// even if the process is killed
	if os.Remove(f.Name()) != nil {
		s.remove = f.Name()
	}
	s.file = f
	return true
}

// flush writes the batch. When the write fails (a full disk), the batch's
// entries stay in memory and nothing more is spilled.
func (s *FactStore) flush() {
	if len(s.batch) == 0 {
		return
	}
	if _, err := s.file.WriteAt(s.batch, s.size); err != nil {
		s.failed = "cannot write a temporary file: " + err.Error()
		for _, r := range s.pending {
			at := r.off - s.size
			r.mem = append([]byte(nil), s.batch[at:at+int64(r.n)]...)
			s.inMem += r.n
		}
	} else {
		s.size += int64(len(s.batch))
	}
	s.batch, s.pending = s.batch[:0], s.pending[:0]
}

// Finish writes what is waiting; Get may be called after it.
func (s *FactStore) Finish() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flush()
	s.batch = nil
}

// Get decodes facts that Put kept. It is safe for concurrent use.
func (s *FactStore) Get(r *Stored) (*facts.File, error) {
	if r.f != nil {
		return r.f, nil
	}
	b := r.mem
	if b == nil {
		buf := encodeBuffers.Get().(*[]byte)
		defer encodeBuffers.Put(buf)
		if cap(*buf) < r.n {
			*buf = make([]byte, r.n)
		}
		b = (*buf)[:r.n]
		if _, err := s.file.ReadAt(b, r.off); err != nil {
			return nil, fmt.Errorf("cannot read back facts from the temporary file: %w", err)
		}
	}
	f := new(facts.File)
	if err := f.UnmarshalRuleFacts(b); err != nil {
		return nil, fmt.Errorf("cannot read back facts: %w", err)
	}
	return f, nil
}

// Close removes the temporary file, if any.
func (s *FactStore) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.file == nil {
		return
	}
	s.file.Close()
	if s.remove != "" {
		os.Remove(s.remove)
	}
	s.file = nil
}
