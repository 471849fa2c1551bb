package corpusgen

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteDir writes Files(seed, total) into dir as job_0000.py, job_0001.py, …
// spread over subdirectories of 100 files, and returns how many it wrote.
func WriteDir(dir string, seed uint64, total int) (int, error) {
	files := Files(seed, total)
	for i, src := range files {
		p := filepath.Join(dir, fmt.Sprintf("pkg%02d", i/100), fmt.Sprintf("job_%04d.py", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return i, err
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			return i, err
		}
	}
	return len(files), nil
}
