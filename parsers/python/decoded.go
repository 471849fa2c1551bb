package python

import "github.com/lakelint/lakelint/parsers/document"

// Decoded is the value of a string expression together with where each of
// its bytes came from.
type Decoded struct {
	Text string
	// Map takes offsets in Text to offsets in the parsed source. Its segments
	// are text copied verbatim; what the source spells differently (an
	// escape, a substituted constant) lies between segments, so by the
	// PosMap rule it maps to where the source goes on after its spelling, and
	// the source between the neighbouring segments is that spelling.
	Map document.PosMap
	// KeepGaps marks text built by %-formatting: its substituted values must
	// not be edited in place (see document.Region.KeepGaps).
	KeepGaps bool
	// Holes are the ranges of Text that stand for values nobody could
	// resolve; they hold the placeholder as written ("{table}").
	Holes []Hole
}

// Hole is a range [Start, End) of a Decoded text.
type Hole struct{ Start, End int }

// Literal reports whether the whole text is known.
func (d Decoded) Literal() bool { return len(d.Holes) == 0 }

// Builder assembles a Decoded text piece by piece.
type Builder struct {
	buf   []byte
	m     document.PosMap
	holes []Hole
}

func (b *Builder) segment(s document.Segment) {
	if s.Len <= 0 {
		return
	}
	if n := len(b.m); n > 0 {
		last := &b.m[n-1]
		if last.Region+last.Len == s.Region && last.File+last.Len == s.File {
			last.Len += s.Len
			return
		}
	}
	b.m = append(b.m, s)
}

// Verbatim appends text that stands at source offset at, byte for byte.
func (b *Builder) Verbatim(text []byte, at int) {
	b.segment(document.Segment{Region: len(b.buf), File: at, Len: len(text)})
	b.buf = append(b.buf, text...)
}

// Value appends text that the source spells differently (an escape, a
// substituted constant). It gets no segment of its own.
func (b *Builder) Value(text string) {
	b.buf = append(b.buf, text...)
}

// Hole appends text that stands for an unresolved value, verbatim from the
// source at offset at, and records it as a hole.
func (b *Builder) Hole(text []byte, at int) {
	start := len(b.buf)
	b.Verbatim(text, at)
	b.holes = append(b.holes, Hole{start, len(b.buf)})
}

// ValueHole appends text that stands for a value known only by a name
// (its text says which), spelled differently in the source, and records
// it as a hole.
func (b *Builder) ValueHole(text string) {
	start := len(b.buf)
	b.Value(text)
	if len(b.buf) > start {
		b.holes = append(b.holes, Hole{start, len(b.buf)})
	}
}

// Append copies Text[from:to] of d with its map and holes.
func (b *Builder) Append(d Decoded, from, to int) {
	from, to = max(from, 0), min(to, len(d.Text))
	if from >= to {
		return
	}
	base := len(b.buf)
	for _, s := range d.Map {
		lo, hi := max(from, s.Region), min(s.Region+s.Len, to)
		if lo < hi {
			b.segment(document.Segment{Region: base + lo - from, File: s.File + lo - s.Region, Len: hi - lo})
		}
	}
	b.buf = append(b.buf, d.Text[from:to]...)
	for _, h := range d.Holes {
		lo, hi := max(h.Start, from), min(h.End, to)
		if lo < hi {
			b.holes = append(b.holes, Hole{base + lo - from, base + hi - from})
		}
	}
}

// AppendHole copies Text[from:to] of d like Append and records it as a hole.
func (b *Builder) AppendHole(d Decoded, from, to int) {
	start := len(b.buf)
	b.Append(d, from, to)
	if len(b.buf) > start {
		b.holes = append(b.holes, Hole{start, len(b.buf)})
	}
}

// Decoded returns what was built.
func (b *Builder) Decoded() Decoded {
	return Decoded{Text: string(b.buf), Map: b.m, Holes: b.holes}
}

// Reuse empties b to build another text into the memory of the last one
// (Decoded copies the text out), with its map starting as m. The map and
// holes b handed out belong to their Decoded and are never written again.
func (b *Builder) Reuse(m document.PosMap) {
	b.buf, b.m, b.holes = b.buf[:0], m, nil
}

// Cap is the size of the memory b builds its text in.
func (b *Builder) Cap() int { return cap(b.buf) }
