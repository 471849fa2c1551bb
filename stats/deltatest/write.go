package deltatest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TableID is the metaData id of every table written here.
const TableID = "6c6b6c74-0000-4000-8000-64656c746174"

// Write writes spec as a Delta table in dir, failing t on any error.
func Write(t testing.TB, dir string, spec Table) {
	t.Helper()
	if err := write(dir, &spec); err != nil {
		t.Fatalf("deltatest: %v", err)
	}
}

func write(dir string, spec *Table) error {
	logDir := filepath.Join(dir, "_delta_log")
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		return err
	}
	if len(spec.Commits) == 0 {
		return fmt.Errorf("a table needs at least one commit")
	}
	cp := spec.Checkpoint
	if cp != nil && (cp.Version < 0 || cp.Version >= int64(len(spec.Commits))) {
		return fmt.Errorf("checkpoint version %d has no commit", cp.Version)
	}
	st := newState(spec.Configuration)
	for v := range spec.Commits {
		c := &spec.Commits[v]
		st.apply(c)
		if cp == nil || !cp.CleanUp || int64(v) > cp.Version {
			if err := writeCommit(filepath.Join(logDir, fmt.Sprintf("%020d.json", v)), spec, v, c); err != nil {
				return err
			}
		}
		if cp != nil && int64(v) == cp.Version {
			if err := writeCheckpoint(logDir, spec, st); err != nil {
				return err
			}
		}
	}
	if spec.DataFiles {
		return writeDataFiles(dir, spec)
	}
	return nil
}

func writeCommit(name string, spec *Table, v int, c *Commit) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	enc := json.NewEncoder(w) // one action per line, as Delta requires
	op := c.Operation
	if op == "" {
		op = "WRITE"
	}
	actions := []any{map[string]any{"commitInfo": map[string]any{
		"timestamp":           c.timestamp(v).UnixMilli(),
		"operation":           op,
		"operationParameters": nonNil(c.Parameters),
		"operationMetrics":    nonNil(c.Metrics),
		"engineInfo":          "lakelint-deltatest",
	}}}
	if v == 0 {
		actions = append(actions, map[string]any{"protocol": spec.protocol()})
	}
	if v == 0 || c.Configuration != nil {
		cfg := spec.Configuration
		if c.Configuration != nil {
			cfg = c.Configuration
		}
		actions = append(actions, map[string]any{"metaData": spec.metadata(cfg)})
	}
	for _, d := range c.Domains {
		actions = append(actions, map[string]any{"domainMetadata": map[string]any{
			"domain": d.Name, "configuration": d.Configuration, "removed": d.Removed,
		}})
	}
	for _, a := range actions {
		if err := enc.Encode(a); err != nil {
			f.Close()
			return err
		}
	}
	keys := spec.partitionKeys(spec.configAt(v))
	ts := c.timestamp(v).UnixMilli()
	for i := range c.Adds {
		if err := enc.Encode(map[string]any{"add": spec.addJSON(&c.Adds[i], keys, ts)}); err != nil {
			f.Close()
			return err
		}
	}
	for i := range c.Removes {
		if err := enc.Encode(map[string]any{"remove": spec.removeJSON(&c.Removes[i], keys, ts)}); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func (spec *Table) protocol() Protocol {
	if spec.Protocol != nil {
		return *spec.Protocol
	}
	return Protocol{MinReaderVersion: 1, MinWriterVersion: 2}
}

// configAt is the configuration in force at version v.
func (spec *Table) configAt(v int) map[string]string {
	cfg := spec.Configuration
	for i := 0; i <= v; i++ {
		if c := spec.Commits[i].Configuration; c != nil {
			cfg = c
		}
	}
	return cfg
}

type schemaField struct {
	Name     string         `json:"name"`
	Type     string         `json:"type"`
	Nullable bool           `json:"nullable"`
	Metadata map[string]any `json:"metadata"`
}

func (spec *Table) columns() []Column {
	cols := spec.Columns
	if len(cols) == 0 {
		cols = []Column{{Name: "id", Type: "long"}}
	}
	have := map[string]bool{}
	for _, c := range cols {
		have[c.Name] = true
	}
	for _, p := range spec.PartitionColumns {
		if !have[p] {
			cols = append(cols, Column{Name: p, Type: "string"})
		}
	}
	return cols
}

func columnMapping(cfg map[string]string) bool {
	m := cfg["delta.columnMapping.mode"]
	return m != "" && m != "none"
}

func (spec *Table) metadata(cfg map[string]string) map[string]any {
	var fields []schemaField
	for i, c := range spec.columns() {
		md := map[string]any{}
		if c.PhysicalName != "" {
			md["delta.columnMapping.id"] = i + 1
			md["delta.columnMapping.physicalName"] = c.PhysicalName
		}
		fields = append(fields, schemaField{Name: c.Name, Type: c.Type, Nullable: true, Metadata: md})
	}
	schema, _ := json.Marshal(map[string]any{"type": "struct", "fields": fields})
	parts := spec.PartitionColumns
	if parts == nil {
		parts = []string{}
	}
	return map[string]any{
		"id":               TableID,
		"format":           map[string]any{"provider": "parquet", "options": map[string]string{}},
		"schemaString":     string(schema),
		"partitionColumns": parts,
		"configuration":    nonNil(cfg),
		"createdTime":      baseTime.UnixMilli(),
	}
}

// partitionKeys returns how partitionValues are keyed for each partition
// column: by physical name under column mapping, else by display name.
func (spec *Table) partitionKeys(cfg map[string]string) []string {
	phys := map[string]string{}
	if columnMapping(cfg) {
		for _, c := range spec.columns() {
			if c.PhysicalName != "" {
				phys[c.Name] = c.PhysicalName
			}
		}
	}
	keys := make([]string, len(spec.PartitionColumns))
	for i, p := range spec.PartitionColumns {
		keys[i] = p
		if ph, ok := phys[p]; ok {
			keys[i] = ph
		}
	}
	return keys
}

// partitionValues renders a file's values with keys from partitionKeys;
// missing or empty values are null, as Delta writes them.
func (spec *Table) partitionValues(f *File, keys []string) map[string]*string {
	out := make(map[string]*string, len(keys))
	for i, p := range spec.PartitionColumns {
		if v, ok := f.Partition[p]; ok && v != "" {
			out[keys[i]] = &v
		} else {
			out[keys[i]] = nil
		}
	}
	return out
}

// encodePath URI-encodes each path segment, as Delta writers do.
func encodePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

func dvJSON(dv *DeletionVector) map[string]any {
	if dv == nil {
		return nil
	}
	m := map[string]any{
		"storageType": dv.StorageType, "pathOrInlineDv": dv.PathOrInlineDv,
		"sizeInBytes": dv.SizeInBytes, "cardinality": dv.Cardinality,
	}
	if dv.Offset != nil {
		m["offset"] = *dv.Offset
	}
	return m
}

func (spec *Table) addJSON(f *File, keys []string, ts int64) map[string]any {
	m := map[string]any{
		"path":             encodePath(f.Path),
		"partitionValues":  spec.partitionValues(f, keys),
		"size":             f.Size,
		"modificationTime": ts,
		"dataChange":       true,
	}
	if f.Stats != "" {
		m["stats"] = f.Stats
	}
	if f.Tags != nil {
		m["tags"] = f.Tags
	}
	if dv := dvJSON(f.DeletionVector); dv != nil {
		m["deletionVector"] = dv
	}
	return m
}

func (spec *Table) removeJSON(f *File, keys []string, ts int64) map[string]any {
	m := map[string]any{
		"path":                 encodePath(f.Path),
		"deletionTimestamp":    ts,
		"dataChange":           true,
		"extendedFileMetadata": true,
		"partitionValues":      spec.partitionValues(f, keys),
		"size":                 f.Size,
	}
	if dv := dvJSON(f.DeletionVector); dv != nil {
		m["deletionVector"] = dv
	}
	return m
}

// writeDataFiles creates every file the commits add, so readers that look
// at storage find them. Files are sparse: only their size is real.
func writeDataFiles(dir string, spec *Table) error {
	seen := map[string]bool{}
	for _, c := range spec.Commits {
		for _, f := range c.Adds {
			if seen[f.Path] {
				continue
			}
			seen[f.Path] = true
			name := filepath.Join(dir, filepath.FromSlash(f.Path))
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(name, nil, 0o644); err != nil {
				return err
			}
			if err := os.Truncate(name, f.Size); err != nil {
				return err
			}
		}
	}
	return nil
}
