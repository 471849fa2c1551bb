package finding

// A compact binary form of findings, which the run record keeps for every
// file: a run after an edit writes every file's findings again, and this is
// several times faster than gob. The encoding of each type is generated
// from the type definitions (codec_gen.go, by internal/factgen) with
// CodecVersion, a hash of the code that writes it; after a change to a
// finding type, run go generate here.

//go:generate go run ../internal/factgen/cmd/factgen

import (
	"errors"

	"github.com/lakelint/lakelint/wire"
)

// ErrCorrupt is returned when encoded findings cannot be decoded.
var ErrCorrupt = errors.New("findings: corrupt encoding")

type encoder struct{ wire.Encoder }

type decoder struct{ wire.Decoder }

// AppendFindings appends the encoding of fs to b.
func AppendFindings(b []byte, fs []Finding) []byte {
	e := &encoder{wire.Encoder{B: b}}
	e.Count(len(fs), fs == nil)
	for i := range fs {
		e.encFinding(&fs[i])
	}
	return e.B
}

// DecodeFindings decodes what AppendFindings encoded. The decoded strings
// share one copy of b.
func DecodeFindings(b []byte) ([]Finding, error) {
	d := &decoder{wire.NewDecoder(b)}
	var fs []Finding
	if n, ok := d.Count(); ok {
		fs = make([]Finding, n)
		for i := range fs {
			d.decFinding(&fs[i])
		}
	}
	if d.Err != nil || len(d.B) != 0 {
		return nil, ErrCorrupt
	}
	return fs, nil
}
