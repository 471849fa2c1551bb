package deltalog

import (
	"fmt"
	"time"

	"github.com/lakelint/lakelint/stats"
)

// replay reconciles actions. JSON commits after the checkpoint are applied
// first, in order, into small maps; the checkpoint is streamed afterwards and
// only fills in what no later commit touched. Newer-wins therefore holds
// without ever keeping a key per checkpoint file in memory.
type replay struct {
	meta    *Metadata
	proto   *Protocol
	domains map[string]*jsonDomain // removed ones kept to shadow the checkpoint
	txns    map[string]int64
	changed map[string]*fileChange // by file key, final state after the commits
	order   []string               // keys of changed in first-seen order
	commits []stats.Commit
	sidecar []string

	files      fileTable
	tombstones int64
	parts      *partResolver // set once metadata is final
	keyBuf     []byte
}

// fileChange is the last add or remove a commit made to one logical file.
type fileChange struct {
	added  bool
	path   string // decoded
	size   int64
	values map[string]*string
	dv     bool
	dvRows int64
}

func newReplay() *replay {
	return &replay{
		domains: map[string]*jsonDomain{},
		txns:    map[string]int64{},
		changed: map[string]*fileChange{},
	}
}

// applyCommit applies one action from a JSON commit at version v.
func (r *replay) applyCommit(v int64, a *jsonAction) error {
	switch {
	case a.Add != nil:
		return r.changeFile(a.Add, true)
	case a.Remove != nil:
		return r.changeFile(a.Remove, false)
	case a.MetaData != nil:
		r.meta = a.MetaData
	case a.Protocol != nil:
		r.proto = a.Protocol
	case a.DomainMetadata != nil:
		r.domains[a.DomainMetadata.Domain] = a.DomainMetadata
	case a.Txn != nil:
		r.txns[a.Txn.AppID] = a.Txn.Version
	case a.CommitInfo != nil:
		r.addCommitInfo(v, a.CommitInfo)
	}
	return nil
}

func (r *replay) changeFile(f *jsonFile, added bool) error {
	if f.Path == "" {
		return fmt.Errorf("file action without a path")
	}
	dv := f.DeletionVector
	r.keyBuf = r.keyBuf[:0]
	var dvID []byte
	if dv != nil {
		dvID = appendDVID(nil, dv.StorageType, dv.PathOrInlineDv, deref(dv.Offset), dv.Offset != nil)
	}
	r.keyBuf = appendFileKey(r.keyBuf, f.Path, dvID)
	c := &fileChange{added: added, path: decodePath(f.Path), size: f.Size, values: f.PartitionValues, dv: dv != nil}
	if dv != nil {
		c.dvRows = dv.Cardinality
	}
	key := string(r.keyBuf)
	if _, seen := r.changed[key]; !seen {
		r.order = append(r.order, key)
	}
	r.changed[key] = c
	return nil
}

func (r *replay) addCommitInfo(v int64, ci *jsonCommitInfo) {
	ts := ci.Timestamp
	if ci.InCommitTimestamp != nil {
		ts = *ci.InCommitTimestamp
	}
	c := stats.Commit{
		Version:    v,
		Operation:  ci.Operation,
		Metrics:    rawMap(ci.OperationMetrics),
		Parameters: rawMap(ci.OperationParameters),
	}
	if ts > 0 {
		c.Timestamp = time.UnixMilli(ts).UTC()
	}
	r.commits = append(r.commits, c)
}

// The checkpoint* methods take actions from the checkpoint; anything a
// later commit already set wins.

func (r *replay) checkpointMeta(m *Metadata) {
	if r.meta == nil {
		r.meta = m
	}
}

func (r *replay) checkpointProtocol(p *Protocol) {
	if r.proto == nil {
		r.proto = p
	}
}

func (r *replay) checkpointDomain(d *jsonDomain) {
	if _, ok := r.domains[d.Domain]; !ok {
		r.domains[d.Domain] = d
	}
}

func (r *replay) checkpointTxn(app string, v int64) {
	if _, ok := r.txns[app]; !ok {
		r.txns[app] = v
	}
}

// resolveColumns fixes the partition columns once metadata is final, before
// any file action is kept.
func (r *replay) resolveColumns() error {
	if r.meta == nil {
		return fmt.Errorf("%w: no metaData action", ErrIncompleteLog)
	}
	if r.proto == nil {
		return fmt.Errorf("%w: no protocol action", ErrIncompleteLog)
	}
	r.parts = newPartResolver(r.meta.PartitionColumns, newColumnNames(r.meta))
	return nil
}

// shadowed reports whether a later commit decided the fate of the logical
// file (rawPath, dvID).
func (r *replay) shadowed(rawPath string, dvID []byte) bool {
	if len(r.changed) == 0 {
		return false
	}
	r.keyBuf = appendFileKey(r.keyBuf[:0], rawPath, dvID)
	_, ok := r.changed[string(r.keyBuf)]
	return ok
}

// checkpointAdd keeps a live file from the checkpoint. The caller has
// filled r.parts with its partition values.
func (r *replay) checkpointAdd(rawPath string, size int64, dv bool, dvRows int64) {
	r.files.add(decodePath(rawPath), size, r.files.parts.intern(r.parts.tuple()), dv, dvRows)
}

func (r *replay) checkpointRemove() { r.tombstones++ }

// finish adds the files the commits left live and drops removed domains.
func (r *replay) finish() {
	for _, key := range r.order {
		c := r.changed[key]
		if !c.added {
			r.tombstones++
			continue
		}
		r.parts.reset()
		for k, v := range c.values {
			r.parts.set(k, deref(v), v == nil)
		}
		r.files.add(c.path, c.size, r.files.parts.intern(r.parts.tuple()), c.dv, c.dvRows)
	}
	for name, d := range r.domains {
		if d.Removed {
			delete(r.domains, name)
		}
	}
	r.changed, r.order = nil, nil
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
