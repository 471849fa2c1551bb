package engine

import (
	"fmt"
	"os"
	"sync"

	"github.com/lakelint/lakelint/facts"
)

// spillAfter is how many bytes of encoded facts a run keeps in memory before
// it writes the rest to a temporary file. Small runs (a pre-commit hook, an
// editor buffer) never touch the disk; a large project's memory follows the
// files in flight, not the project. Tests set it to 0 to spill everything.
var spillAfter = 4 << 20

// factStore keeps each file's facts, encoded, between extraction and the rule
// pass: encoded facts are a fraction of their size as Go values and hold no
// pointers for the collector to trace.
type factStore struct {
	mu     sync.Mutex
	inMem  int
	file   *os.File
	remove string // the file's name when it could not be unlinked while open
	size   int64
	// failed says why facts stay in memory after all (no temporary file).
	failed string
}

// stored is where one file's facts are.
type stored struct {
	mem []byte // the encoding when kept in memory, else nil
	off int64
	n   int
}

var encodeBuffers = sync.Pool{New: func() any { return new([]byte) }}

// put encodes f and keeps it.
func (s *factStore) put(f *facts.File) stored {
	buf := encodeBuffers.Get().(*[]byte)
	defer encodeBuffers.Put(buf)
	b, _ := f.AppendBinary((*buf)[:0])
	*buf = b

	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inMem+len(b) > spillAfter && s.spillFile() {
		n, err := s.file.Write(b)
		r := stored{off: s.size, n: len(b)}
		s.size += int64(n)
		if err == nil {
			return r
		}
		// what was spilled stays readable; the rest stays in memory
		s.failed = "cannot write a temporary file: " + err.Error()
	}
	s.inMem += len(b)
	return stored{mem: append([]byte(nil), b...), n: len(b)}
}

// spillFile reports whether there is a temporary file to spill to, making it
// on first use.
func (s *factStore) spillFile() bool {
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

// get decodes facts that put kept. It is safe for concurrent use.
func (s *factStore) get(r stored) (*facts.File, error) {
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
	if err := f.UnmarshalBinary(b); err != nil {
		return nil, fmt.Errorf("cannot read back facts: %w", err)
	}
	return f, nil
}

// close removes the temporary file, if any.
func (s *factStore) close() {
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
