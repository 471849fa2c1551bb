package deltalog

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/lakelint/lakelint/stats"
)

// replay reconciles actions. JSON commits after the checkpoint are applied
// first, in order, into a compact change set; the checkpoint is streamed
// afterwards and only fills in what no later commit touched. Newer-wins
// therefore holds without ever keeping a key per checkpoint file in memory.
type replay struct {
	meta    *Metadata
	proto   *Protocol
	domains map[string]*jsonDomain // removed ones kept to shadow the checkpoint
	txns    map[string]int64
	changed changeSet // final state after the commits, by file key
	commits []stats.Commit
	sidecar []string

	files      fileTable
	tombstones int64
	parts      *partResolver // set once metadata is final
	keyBuf     []byte
	dvBuf      []byte
}

func newReplay() *replay {
	return &replay{
		domains: map[string]*jsonDomain{},
		txns:    map[string]int64{},
	}
}

// applyCommit applies one action from a JSON commit at version v.
func (r *replay) applyCommit(v int64, act *action) error {
	if act.file != nil {
		return r.changeFile(act.file, act.added)
	}
	switch a := act.json; {
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

func (r *replay) changeFile(f *fileAction, added bool) error {
	if len(f.path) == 0 {
		return fmt.Errorf("file action without a path")
	}
	if added {
		if err := checkSize(f.path, f.size); err != nil {
			return err
		}
	}
	r.dvBuf = f.appendDVID(r.dvBuf[:0])
	r.keyBuf = appendFileKey(r.keyBuf[:0], f.path, r.dvBuf)
	c := r.changed.upsert(&r.files.arena, r.keyBuf, len(r.keyBuf)-1-len(r.dvBuf))
	c.added, c.size, c.dv, c.dvRows, c.part = added, f.size, f.hasDV, f.dvRows, -1
	if added {
		c.part = r.changed.parts.intern(f.parts)
	}
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
	if err := checkProtocol(r.proto); err != nil {
		return err
	}
	r.parts = newPartResolver(r.meta.PartitionColumns, newColumnNames(r.meta))
	return nil
}

// shadowed reports whether a later commit decided the fate of the logical
// file (rawPath, dvID).
func (r *replay) shadowed(rawPath string, dvID []byte) bool {
	if r.changed.len() == 0 {
		return false
	}
	r.keyBuf = appendFileKey(r.keyBuf[:0], rawPath, dvID)
	return r.changed.find(&r.files.arena, r.keyBuf) != nil
}

// checkpointAdd keeps a live file from the checkpoint. The caller has
// filled r.parts with its partition values.
func (r *replay) checkpointAdd(rawPath string, size int64, dv bool, dvRows int64) error {
	if err := checkSize(rawPath, size); err != nil {
		return err
	}
	r.files.add(decodePath(rawPath), size, r.files.parts.intern(r.parts.tuple()), dv, dvRows)
	return nil
}

// ErrBadAction is an action no writer makes, such as a file of negative
// size: the log is damaged, and any figure built on it would be wrong.
var ErrBadAction = errors.New("invalid action")

// checkSize refuses an add action's negative size, which would otherwise
// pull the table's total and its size distribution below zero.
func checkSize[P string | []byte](path P, size int64) error {
	if size < 0 {
		return fmt.Errorf("%w: add action for %q has a negative size (%d)", ErrBadAction, string(path), size)
	}
	return nil
}

// knownReaderFeatures are the table features a reader must understand that
// this reader does: each changes nothing in replay, or replay handles it.
var knownReaderFeatures = map[string]bool{
	"columnMapping":            true, // partition values under physical names
	"deletionVectors":          true, // a file's key includes its vector
	"timestampNtz":             true, // data types only
	"v2Checkpoint":             true, // UUID-named checkpoints and sidecars
	"vacuumProtocolCheck":      true, // concerns VACUUM, not reads of the log
	"typeWidening":             true, // data types only
	"typeWidening-preview":     true,
	"variantType":              true,
	"variantType-preview":      true,
	"variantShredding-preview": true,
}

// maxReaderVersion is the newest reader protocol version this reader knows.
const maxReaderVersion = 3

// ErrUnsupported is a table whose protocol asks readers for something this
// reader does not know: its figures could be wrong, so none are given.
var ErrUnsupported = errors.New("unsupported Delta protocol")

// checkProtocol refuses a protocol with a reader version or reader features
// this reader does not know, as the Delta protocol asks of every reader.
func checkProtocol(p *Protocol) error {
	if p.MinReaderVersion > maxReaderVersion {
		return fmt.Errorf("%w: minReaderVersion %d (lakelint reads up to %d)", ErrUnsupported, p.MinReaderVersion, maxReaderVersion)
	}
	var unknown []string
	for _, f := range p.ReaderFeatures {
		if !knownReaderFeatures[f] {
			unknown = append(unknown, f)
		}
	}
	if len(unknown) > 0 {
		return fmt.Errorf("%w: reader feature(s) %s unknown to lakelint", ErrUnsupported, strings.Join(unknown, ", "))
	}
	return nil
}

func (r *replay) checkpointRemove() { r.tombstones++ }

// finish adds the files the commits left live and drops removed domains.
// Their paths are already in the arena, as the first part of their keys.
func (r *replay) finish() {
	r.changed.slots = nil // lookups are over; free the table before copying out
	resolved := make([]int32, len(r.changed.parts.tuples))
	for i, tuple := range r.changed.parts.tuples {
		r.parts.reset()
		for _, kv := range tuple {
			r.parts.set(kv.key, kv.value, kv.null)
		}
		resolved[i] = r.files.parts.intern(r.parts.tuple())
	}
	for c := range r.changed.recs.drain {
		if !c.added {
			r.tombstones++
			continue
		}
		path := c.key
		path.n = c.pathLen
		r.files.addRef(path, c.size, resolved[c.part], c.dv, c.dvRows)
	}
	for name, d := range r.domains {
		if d.Removed {
			delete(r.domains, name)
		}
	}
	r.changed = changeSet{}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
