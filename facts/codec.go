package facts

// A compact binary form of File, so that a run over a large project can keep
// each file's facts outside the heap between extraction and the rule pass
// (go/analysis serialises facts between units for the same reason).
// The result cache also keeps it on disk, under CodecVersion: there are no
// compatibility promises between versions, only a version to tell them apart.
//
// The encoding of each type is generated from the type definitions
// (codec_gen.go, by internal/factgen), and so is CodecVersion: a hash of
// the generated code, of this file and of the primitives it builds on
// (package wire), so that a change to what is written or how changes it
// by itself. After a change to a fact type, run go generate here: a test
// fails while the generated files are not what the generator writes.

//go:generate go run ../internal/factgen/cmd/factgen

import (
	"crypto/sha256"
	"errors"

	"github.com/lakelint/lakelint/wire"
)

// ErrCorrupt is returned when encoded facts cannot be decoded.
var ErrCorrupt = errors.New("facts: corrupt encoding")

// AppendBinary appends the encoding of f to b.
func (f *File) AppendBinary(b []byte) ([]byte, error) {
	e := &encoder{wire.Encoder{B: b}}
	e.encFile(f)
	return e.B, nil
}

// MarshalBinary encodes f.
func (f *File) MarshalBinary() ([]byte, error) { return f.AppendBinary(nil) }

// AppendRuleFacts appends the encoding of f without its function summary,
// which only the link step reads (and keeps itself): what the rule pass
// decodes again. UnmarshalRuleFacts and UnmarshalBinary both read it.
func (f *File) AppendRuleFacts(b []byte) []byte {
	g := *f
	g.Summary = nil
	b, _ = g.AppendBinary(b)
	return b
}

// UnmarshalRuleFacts decodes an encoding as UnmarshalBinary does, but leaves
// out the function summary, which is last: the rule pass never reads it.
func (f *File) UnmarshalRuleFacts(b []byte) error {
	d := &decoder{Decoder: wire.NewDecoder(b), noSummary: true}
	*f = File{}
	d.decFile(f)
	if d.Err != nil {
		*f = File{}
		return ErrCorrupt
	}
	return nil
}

// UnmarshalBinary decodes what MarshalBinary encoded into f. The decoded
// strings share one copy of b: a file's facts are one allocation for all
// their text, which lives as long as any of them does.
func (f *File) UnmarshalBinary(b []byte) error {
	d := &decoder{Decoder: wire.NewDecoder(b)}
	*f = File{}
	d.decFile(f)
	if d.Err != nil || len(d.B) != 0 {
		*f = File{}
		return ErrCorrupt
	}
	return nil
}

// MarshalSplit encodes f as MarshalBinary does and says where the
// encoding of its summary (AppendSummary's) begins: b[at:], after the
// rule facts.
func (f *File) MarshalSplit() (b []byte, at int) {
	b = f.AppendRuleFacts(nil) // ends with the summary's absence
	at = len(b) - 1
	return AppendSummary(b[:at], f.Summary), at
}

// UnmarshalSplit decodes an encoding as UnmarshalRuleFacts does, leaving
// the summary undecoded, and says where its encoding begins: b[at:], for
// UnmarshalSummary.
func (f *File) UnmarshalSplit(b []byte) (at int, err error) {
	d := &decoder{Decoder: wire.NewDecoder(b), noSummary: true}
	*f = File{}
	d.decFile(f)
	if d.Err != nil {
		*f = File{}
		return 0, ErrCorrupt
	}
	return len(b) - len(d.B), nil
}

// AppendSummary appends the encoding of a function summary (nil allowed)
// to b, as File's encoding ends with it: the bytes after a file's rule
// facts. UnmarshalSummary reads it.
func AppendSummary(b []byte, s *Summary) []byte {
	e := &encoder{wire.Encoder{B: b}}
	e.Bool(s != nil)
	if s != nil {
		e.encSummary(s)
	}
	return e.B
}

// NoSummary reports whether b is what AppendSummary writes for no summary.
func NoSummary(b []byte) bool { return len(b) == 1 && b[0] == 0 }

// UnmarshalSummary decodes what AppendSummary wrote (nil for no summary).
// The decoded strings share one copy of b.
func UnmarshalSummary(b []byte) (*Summary, error) {
	return unmarshalSummary(wire.NewDecoder(b))
}

// UnmarshalSharedSummary is UnmarshalSummary with the decoded strings cut
// from b itself, which must never change after: a summary decoded again
// and again (see package link) holds no copy of its encoding.
func UnmarshalSharedSummary(b []byte) (*Summary, error) {
	return unmarshalSummary(wire.NewSharedDecoder(b))
}

func unmarshalSummary(wd wire.Decoder) (*Summary, error) {
	d := &decoder{Decoder: wd}
	var s *Summary
	if d.Bool() {
		s = new(Summary)
		d.decSummary(s)
	}
	if d.Err != nil || len(d.B) != 0 {
		return nil, ErrCorrupt
	}
	return s, nil
}

// encoder and decoder are what the generated code writes with and reads
// with: the primitives of package wire and the encoding of a Span.
type encoder struct{ wire.Encoder }

type decoder struct {
	wire.Decoder
	// noSummary stops before the function summary (UnmarshalRuleFacts)
	noSummary bool
}

// encSpan writes End as -End-1 when a file follows, which only the link
// step's spans have: a file's own spans cost no more than two offsets.
func (e *encoder) encSpan(s *Span) {
	e.Int(s.Start)
	if s.File == 0 {
		e.Int(s.End)
		return
	}
	e.Int(-s.End - 1)
	e.Str(s.File.Path())
}

func (d *decoder) decSpan(s *Span) {
	s.Start, s.End = d.Int(), d.Int()
	if s.End < 0 {
		s.End, s.File = -s.End-1, FileOf(d.Str())
	}
}

// Digest is a hash of f's encoding: equal facts have equal digests, in any
// run (maps are encoded in key order), and facts that differ in any field
// have different ones.
func (f *File) Digest() [32]byte {
	b, _ := f.AppendBinary(nil)
	return sha256.Sum256(b)
}

// AppendSpan, AppendValue and AppendArg append the encoding of one span,
// value or argument as File's encoding writes it, for packages that encode
// facts within data of their own (to digest it): a span of another file
// is written with the file's path, which, unlike its FileID, is the same
// in every run.
func AppendSpan(b []byte, s *Span) []byte {
	e := encoder{wire.Encoder{B: b}}
	e.encSpan(s)
	return e.B
}

func AppendValue(b []byte, v *Value) []byte {
	e := encoder{wire.Encoder{B: b}}
	e.encValue(v)
	return e.B
}

func AppendArg(b []byte, a *Arg) []byte {
	e := encoder{wire.Encoder{B: b}}
	e.encArg(a)
	return e.B
}
