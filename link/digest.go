package link

import (
	"crypto/sha256"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/wire"
)

// An Extra's digest hashes the facts' encoding and an encoding of its
// fills generated from their type (codec_gen.go, by internal/factgen);
// run go generate here after changing Fill.

//go:generate go run ../internal/factgen/cmd/factgen

// Digest is a hash of what linking adds to a file's facts: its facts and
// its fills, the same in every run for the same additions.
func (e *Extra) Digest() [32]byte {
	added := &facts.File{Writes: e.Writes, Reads: e.Reads, Tables: e.Tables, Settings: e.Settings, Maintenance: e.Maintenance}
	enc := &encoder{wire.Encoder{B: added.AppendRuleFacts(nil)}}
	enc.Count(len(e.Fills), e.Fills == nil)
	for i := range e.Fills {
		enc.encFill(&e.Fills[i])
	}
	return sha256.Sum256(enc.B)
}

type encoder struct{ wire.Encoder }

func (e *encoder) encFactsSpan(s *facts.Span) { e.B = facts.AppendSpan(e.B, s) }
func (e *encoder) encFactsArg(a *facts.Arg)   { e.B = facts.AppendArg(e.B, a) }
