package cache

import (
	"fmt"
	"os"
	"slices"
	"sync"

	"github.com/lakelint/lakelint/facts"
)

// DefaultSpillAfter is how many bytes of encoded facts a run keeps in
// memory before it writes the rest to a temporary file. Small runs (a
// pre-commit hook, an editor buffer) never touch the disk; a large
// project's memory follows the files in flight, not the project.
const DefaultSpillAfter = 4 << 20

// spillBatch is how much is written to the temporary file at once.
const spillBatch = 1 << 20

// FactStore keeps each file's facts, encoded, between extraction and the
// rule pass: encoded facts are a fraction of their size as Go values and
// hold no pointers for the collector to trace. Every file's are encoded,
// whatever the project's size: keeping those of the first 16 MB of source
// as they were extracted saved no measurable time on the corpus benchmarks
// and held some 100 MB more. Put is called while files are extracted (and
// after the link step, for what it adds), Finish after the last Put, then
// Get; Close removes what it wrote.
type FactStore struct {
	// SpillAfter is the bound (DefaultSpillAfter); tests lower it.
	SpillAfter int

	mu      sync.Mutex
	inMem   int
	file    *os.File
	remove  string    // the file's name when it could not be unlinked while open
	size    int64     // bytes written to the file
	batch   []byte    // encodings not yet written, which go after size
	pending []*Stored // the entries in batch
	// failed says why facts stay in memory after all (no temporary file).
	failed string
}

// InMemory is how many bytes of encoded facts the store holds in memory:
// at most SpillAfter while it can spill, whatever the project's size.
func (s *FactStore) InMemory() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inMem + len(s.batch)
}

// Failed says why facts stayed in memory after all, or "".
func (s *FactStore) Failed() string { return s.failed }

// NewFactStore returns a store with the default bounds.
func NewFactStore() *FactStore {
	return &FactStore{SpillAfter: DefaultSpillAfter}
}

// Stored is where one file's facts are.
type Stored struct {
	mem []byte // the encoding when kept in memory, else nil
	off int64
	n   int
}

// Put keeps f encoded, without its summary (the link step has it).
func (s *FactStore) Put(f *facts.File) *Stored {
	b := f.AppendRuleFacts(nil)
	if cap(b)-len(b) > len(b)/8 {
		// grown by append, up to twice its length: the store counts
		// what it keeps in memory by length
		b = slices.Clone(b)
	}
	return s.put(b)
}

// PutEncoded keeps facts already encoded; b is copied.
func (s *FactStore) PutEncoded(b []byte) *Stored {
	return s.put(append([]byte(nil), b...))
}

// put keeps the encoding b, which it owns.
func (s *FactStore) put(b []byte) *Stored {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inMem+len(b) <= s.SpillAfter || !s.spillFile() {
		s.inMem += len(b)
		return &Stored{mem: b, n: len(b)}
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

// Get decodes facts that Put kept; their strings share one buffer. It is
// safe for concurrent use.
func (s *FactStore) Get(r *Stored) (*facts.File, error) {
	b, err := s.Bytes(r)
	if err != nil {
		return nil, err
	}
	f := new(facts.File)
	if err := f.UnmarshalRuleFacts(b); err != nil {
		return nil, fmt.Errorf("cannot read back facts: %w", err)
	}
	return f, nil
}

// Bytes is what Put or PutEncoded kept, read back: a new slice when it
// was spilled, else the store's own, never to be changed. It is safe for
// concurrent use after Finish.
func (s *FactStore) Bytes(r *Stored) ([]byte, error) {
	if r.mem != nil {
		return r.mem, nil
	}
	b := make([]byte, r.n)
	if _, err := s.file.ReadAt(b, r.off); err != nil {
		return nil, fmt.Errorf("cannot read back facts from the temporary file: %w", err)
	}
	return b, nil
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
