package source

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/lakelint/lakelint/stats/health"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/stats"
)

// SnapshotVersion is the snapshot format this lakelint reads and writes.
const SnapshotVersion = 1

// SnapshotSource is the stats.Table.Source of tables read from a snapshot.
const SnapshotSource = "snapshot"

// maxSnapshotSize bounds what ReadSnapshot reads. A table takes a few
// kilobytes whatever its size (histograms and partition lists are capped),
// so this allows tens of thousands of tables.
const maxSnapshotSize = 256 << 20

// Snapshot is the stats of several tables saved at one time (`lakelint
// stats export`), so a run without workspace access can still check code
// against them.
type Snapshot struct {
	Version     int            `json:"version"`
	GeneratedAt time.Time      `json:"generatedAt"`
	Tables      []*stats.Table `json:"tables"`

	byName     map[string]*stats.Table
	byLocation map[string]*stats.Table
}

// NewSnapshot wraps tables taken now.
func NewSnapshot(tables []*stats.Table, now time.Time) *Snapshot {
	s := &Snapshot{Version: SnapshotVersion, GeneratedAt: now.UTC(), Tables: tables}
	s.index()
	return s
}

// ReadSnapshot reads a snapshot file. Its tables are marked as coming from
// a snapshot. A missing, unreadable or malformed file gives an error that
// says which and where.
func ReadSnapshot(path string) (*Snapshot, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("stats file %s does not exist (write one with `lakelint stats export`)", path)
	}
	if err != nil {
		return nil, fmt.Errorf("stats file: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSnapshotSize+1))
	if err != nil {
		return nil, fmt.Errorf("stats file %s: %w", path, err)
	}
	if len(data) > maxSnapshotSize {
		return nil, fmt.Errorf("stats file %s is larger than %s", path, health.Bytes(maxSnapshotSize))
	}
	s, err := DecodeSnapshot(data)
	if err != nil {
		return nil, fmt.Errorf("stats file %s: %w", path, err)
	}
	return s, nil
}

// DecodeSnapshot parses a snapshot's JSON.
func DecodeSnapshot(data []byte) (*Snapshot, error) {
	var s Snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("not a lakelint stats snapshot: %s", jsonProblem(data, err))
	}
	switch {
	case s.Version == 0:
		return nil, errors.New(`not a lakelint stats snapshot: no "version"`)
	case s.Version != SnapshotVersion:
		return nil, fmt.Errorf("snapshot version %d is not supported (this lakelint reads version %d)", s.Version, SnapshotVersion)
	}
	kept := s.Tables[:0]
	for _, t := range s.Tables {
		if t != nil {
			t.Source = SnapshotSource
			kept = append(kept, t)
		}
	}
	s.Tables = kept
	s.index()
	return &s, nil
}

// jsonProblem says where JSON went wrong, by line, and what.
func jsonProblem(data []byte, err error) string {
	var off int64 = -1
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return err.Error()
	}
	line := bytes.Count(data[:off], []byte("\n")) + 1
	return fmt.Sprintf("line %d: %v", line, err)
}

// Encode writes the snapshot as indented JSON.
func (s *Snapshot) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteFile writes the snapshot to path, replacing it only once the new
// content is complete.
func (s *Snapshot) WriteFile(path string) error {
	var buf bytes.Buffer
	if err := s.Encode(&buf); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".lakelint-stats-*")
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // a no-op once renamed
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Find returns the table saved under name, else the one saved at one of
// locations; nil when neither is there. Names compare as catalog names do
// (case and backticks aside), locations as catalog paths do. Find is safe
// for concurrent use.
func (s *Snapshot) Find(name string, locations ...string) *stats.Table {
	if s == nil {
		return nil
	}
	if n := catalog.NormalizeName(name); n != "" {
		if t := s.byName[n]; t != nil {
			return t
		}
	}
	for _, l := range locations {
		if p := catalog.NormalizePath(l); p != "" {
			if t := s.byLocation[p]; t != nil {
				return t
			}
		}
	}
	return nil
}

func (s *Snapshot) index() {
	s.byName = map[string]*stats.Table{}
	s.byLocation = map[string]*stats.Table{}
	for _, t := range s.Tables {
		if n := catalog.NormalizeName(t.Name); n != "" {
			if _, dup := s.byName[n]; !dup {
				s.byName[n] = t
			}
		}
		if p := catalog.NormalizePath(t.Location); p != "" {
			if _, dup := s.byLocation[p]; !dup {
				s.byLocation[p] = t
			}
		}
	}
}
