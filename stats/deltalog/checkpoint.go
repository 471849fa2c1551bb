package deltalog

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"
)

// CheckpointInfo describes the checkpoint a snapshot started from.
type CheckpointInfo struct {
	Version  int64
	Kind     string   // KindClassic, KindMultiPart or KindUUID
	Files    []string // relative to the table root, e.g. "_delta_log/…checkpoint.parquet"
	Sidecars []string // relative to the table root, in _delta_log/_sidecars
}

// readCheckpointNonFile runs the first pass over every top-level checkpoint
// file, collecting metaData, protocol, domains, txns and sidecar references.
func readCheckpointNonFile(ctx context.Context, store Storage, cp *CheckpointInfo, r *replay) error {
	for _, name := range cp.Files {
		if err := readCheckpointFile(ctx, store, name, passNonFile, r); err != nil {
			return err
		}
	}
	for _, p := range r.sidecar {
		name, err := sidecarName(p)
		if err != nil {
			return fmt.Errorf("checkpoint %d: %w", cp.Version, err)
		}
		cp.Sidecars = append(cp.Sidecars, name)
	}
	return nil
}

// readCheckpointFiles runs the second pass: add and remove from the
// checkpoint files and their sidecars.
func readCheckpointFiles(ctx context.Context, store Storage, cp *CheckpointInfo, r *replay) error {
	for _, name := range slices.Concat(cp.Files, cp.Sidecars) {
		if err := readCheckpointFile(ctx, store, name, passFiles, r); err != nil {
			return err
		}
	}
	return nil
}

func readCheckpointFile(ctx context.Context, store Storage, name string, pass cpPass, r *replay) error {
	if strings.HasSuffix(name, ".json") {
		return readJSONCheckpoint(ctx, store, name, pass, r)
	}
	return readParquetActions(ctx, store, name, pass, r)
}

// readJSONCheckpoint reads a UUID-named V2 checkpoint in JSON form. It is
// small (file actions live in sidecars), so it is simply read twice.
func readJSONCheckpoint(ctx context.Context, store Storage, name string, pass cpPass, r *replay) error {
	obj, err := store.Open(ctx, name)
	if err != nil {
		return fmt.Errorf("open checkpoint: %w", err)
	}
	defer obj.Close()
	var ar actionReader
	return ar.forEachAction(ctx, name, io.NewSectionReader(obj, 0, obj.Size()), nil, func(act *action) error {
		if pass == passNonFile {
			a := act.json
			switch {
			case a == nil: // a plain add or remove
			case a.MetaData != nil:
				r.checkpointMeta(a.MetaData)
			case a.Protocol != nil:
				r.checkpointProtocol(a.Protocol)
			case a.DomainMetadata != nil:
				r.checkpointDomain(a.DomainMetadata)
			case a.Txn != nil:
				r.checkpointTxn(a.Txn.AppID, a.Txn.Version)
			case a.Sidecar != nil:
				if a.Sidecar.Path == "" {
					return fmt.Errorf("sidecar action without a path")
				}
				r.sidecar = append(r.sidecar, a.Sidecar.Path)
			}
			return nil
		}
		f := act.file
		if f == nil {
			return nil
		}
		r.dvBuf = f.appendDVID(r.dvBuf[:0])
		if r.shadowed(string(f.path), r.dvBuf) {
			return nil
		}
		if !act.added {
			r.checkpointRemove()
			return nil
		}
		r.parts.reset()
		for _, kv := range f.parts {
			r.parts.set(string(kv.key), string(kv.value), kv.null)
		}
		return r.checkpointAdd(string(f.path), f.size, f.hasDV, f.dvRows)
	})
}

// sidecarName resolves a sidecar action's path, which is normally a bare
// file name in _delta_log/_sidecars but may be a URI.
func sidecarName(p string) (string, error) {
	dec, err := url.PathUnescape(p)
	if err != nil {
		dec = p
	}
	if !strings.Contains(dec, "/") {
		return sidecarDir + "/" + dec, nil
	}
	// A full URI must still point into this table's _sidecars directory,
	// which is the only place the protocol allows.
	if i := strings.LastIndex(dec, "/_delta_log/_sidecars/"); i >= 0 {
		return sidecarDir + "/" + dec[i+len("/_delta_log/_sidecars/"):], nil
	}
	return "", fmt.Errorf("sidecar %q is outside _delta_log/_sidecars", p)
}
