// Package walkmemo remembers what a walk of a directory tree found, and
// says when the walk must be done again: when a directory it read, or a
// file it looked for, changed since. A file added, deleted or renamed
// changes its directory, so a walk that found nothing new is not done
// again on every keystroke of an editor, only its stamps are read.
package walkmemo

import (
	"os"
	"sync"
	"time"

	"github.com/lakelint/lakelint/internal/fileid"
)

// Stamp is what tells that a file or directory is the one seen before.
type Stamp struct {
	size  int64
	mtime int64 // in nanoseconds
	id    any
}

// StampOf is the stamp of the file or directory at path; the zero stamp
// for none.
func StampOf(path string) Stamp {
	info, err := os.Stat(path)
	if err != nil {
		return Stamp{}
	}
	return StampOfInfo(path, info)
}

// StampOfInfo is the stamp of the file at path whose FileInfo the caller
// has already: one stat, not two.
func StampOfInfo(path string, info os.FileInfo) Stamp {
	id, _ := fileid.Of(path, info)
	return Stamp{size: info.Size(), mtime: info.ModTime().UnixNano(), id: id}
}

// RacyWindow is how recent a modification time must be for the stamp not
// to be trusted: file systems keep times in ticks of a few milliseconds, so
// a file written twice within one, at the same size, keeps its stamp.
const RacyWindow = 2 * time.Second

// Racy reports whether the stamp is too recent to tell from a change to come.
func (s Stamp) Racy() bool {
	return time.Since(time.Unix(0, s.mtime)) < RacyWindow
}

// Memo holds walks from run to run. Its zero value is not usable: use
// New. A nil Memo remembers nothing: each call walks.
type Memo struct {
	mu    sync.Mutex
	walks map[key]*found
}

type key struct{ kind, root string }

// found is what one walk found and the stamps of what it looked at.
type found struct {
	files  []string
	looked []string
	stamps []Stamp
}

// New makes an empty memo.
func New() *Memo { return &Memo{walks: map[key]*found{}} }

// Files is what walk finds below root, from the memo while nothing the
// last walk of this kind looked at has changed. walk calls look with each
// directory before it reads it and each file whose presence it checks
// before it checks; it returns
// false when what it found is not to be kept (a directory it could not
// read). kind tells walks of the same root with other rules apart.
func (m *Memo) Files(kind, root string, walk func(look func(path string)) ([]string, bool)) []string {
	if m == nil {
		files, _ := walk(func(string) {})
		return files
	}
	k := key{kind, root}
	m.mu.Lock()
	w := m.walks[k]
	m.mu.Unlock()
	if w != nil && w.current() {
		return w.files
	}
	// each stamp is taken before the walk reads what it stamps: a change
	// made while it walks is one the next call sees
	w = &found{}
	files, keep := walk(func(p string) {
		st := StampOf(p)
		if st.Racy() { // changed too lately to tell from a change to come
			st = Stamp{mtime: -1} // never current
		}
		w.looked, w.stamps = append(w.looked, p), append(w.stamps, st)
	})
	w.files = files
	for _, st := range w.stamps {
		if st.mtime == -1 {
			keep = false
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if keep {
		m.walks[k] = w
	} else {
		delete(m.walks, k)
	}
	return files
}

// current reports whether nothing the walk looked at changed since.
func (w *found) current() bool {
	for i, p := range w.looked {
		if StampOf(p) != w.stamps[i] {
			return false
		}
	}
	return true
}
