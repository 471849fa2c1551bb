package catalog

import (
	"crypto/sha256"
	"time"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/wire"
)

// The catalog's digest is a hash of an encoding of its tables generated
// from their types (codec_gen.go, by internal/factgen), so that a field
// added to a table is part of it without a hand edit; run go generate
// here after changing them.

//go:generate go run ../internal/factgen/cmd/factgen

// Digest is a hash of everything the catalog's tables hold, so that a
// file's rule pass can be known to see the same catalog as in an earlier
// run: equal catalogs have equal digests in any run (maps are written in
// key order, spans of other files with their path, not their FileID).
func (c *Catalog) Digest() [32]byte {
	e := &encoder{}
	e.Count(len(c.tables), c.tables == nil)
	for _, t := range c.tables {
		e.Bool(t != nil)
		if t != nil {
			e.encTable(t)
		}
	}
	e.Int(c.loose) // what MayCompact answers
	return sha256.Sum256(e.B)
}

type encoder struct{ wire.Encoder }

func (e *encoder) encFactsSpan(s *facts.Span)   { e.B = facts.AppendSpan(e.B, s) }
func (e *encoder) encFactsValue(v *facts.Value) { e.B = facts.AppendValue(e.B, v) }

// encTimeTime writes the instant, not the clock reading or the location.
func (e *encoder) encTimeTime(t *time.Time) { e.Int64(t.Unix()); e.Int(t.Nanosecond()) }
