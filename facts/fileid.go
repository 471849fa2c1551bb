package facts

import (
	"strings"
	"sync"
)

// FileID names the file a span is in when that is another file than its
// fact's (a helper's code applied at a call, a definition cited as
// evidence); 0 is the fact's own file. IDs are handed out once per path for
// the life of the process, so a span stays small and compares with ==.
type FileID uint32

var fileIDs struct {
	sync.RWMutex
	ids   map[string]FileID
	paths []string // paths[id-1]
}

// FileOf is the ID of path; 0 for "".
func FileOf(path string) FileID {
	if path == "" {
		return 0
	}
	fileIDs.RLock()
	id, ok := fileIDs.ids[path]
	fileIDs.RUnlock()
	if ok {
		return id
	}
	fileIDs.Lock()
	defer fileIDs.Unlock()
	if id, ok := fileIDs.ids[path]; ok {
		return id
	}
	if fileIDs.ids == nil {
		fileIDs.ids = map[string]FileID{}
	}
	path = strings.Clone(path) // it may be cut from a larger string, which it must not keep
	fileIDs.paths = append(fileIDs.paths, path)
	id = FileID(len(fileIDs.paths))
	fileIDs.ids[path] = id
	return id
}

// Path is the file's path; "" for 0.
func (id FileID) Path() string {
	if id == 0 {
		return ""
	}
	fileIDs.RLock()
	defer fileIDs.RUnlock()
	if int(id) > len(fileIDs.paths) {
		return ""
	}
	return fileIDs.paths[id-1]
}
