// Package projectfile reads the files a project names by convention —
// databricks.yml and its includes, pyproject.toml, requirements*.txt,
// setup.cfg, dbt_project.yml, profiles.yml — which no discovery vetted: a
// FIFO, a device or a link to /dev/zero under such a name must neither hang
// a run nor fill its memory.
package projectfile

import (
	"fmt"
	"io"
	"os"
)

// MaxSize bounds a project file: the largest real ones are a few hundred KB.
const MaxSize = 4 << 20

// Read returns the bytes of the regular file at path, of at most MaxSize.
func Read(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	if info.Size() > MaxSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, MaxSize)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize { // it grew while read
		return nil, fmt.Errorf("%s: larger than %d bytes", path, MaxSize)
	}
	return data, nil
}
