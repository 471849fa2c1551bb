package python

import "github.com/lakelint/lakelint/parsers/document"

// Decoded is the value of a string expression together with where each of
// its bytes came from.
type Decoded struct {
	Text string
	// Map takes offsets in Text to offsets in the parsed source. Text copied
	// verbatim maps byte for byte; an escape's or a substituted placeholder's
	// value maps its first byte to where it was written and its last byte to
	// the last byte written, so a range covering it maps to the whole spelling.
	Map document.PosMap
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
	// fixed is true when the last segment stands for a value and must not
	// grow: its bytes are not the source's bytes.
	fixed bool
}

func (b *Builder) segment(s document.Segment, value bool) {
	if s.Len <= 0 {
		return
	}
	fixed := b.fixed
	b.fixed = value
	if n := len(b.m); n > 0 && !fixed && !value {
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
	b.segment(document.Segment{Region: len(b.buf), File: at, Len: len(text)}, false)
	b.buf = append(b.buf, text...)
}

// Value appends text that the source spells differently (an escape, a
// substituted constant) in the range [at, end). Its first byte maps to at and
// its last to end-1, so a range covering the whole value maps to [at, end).
func (b *Builder) Value(text string, at, end int) {
	if text == "" {
		return
	}
	b.segment(document.Segment{Region: len(b.buf), File: at, Len: 1}, true)
	b.buf = append(b.buf, text...)
	if len(text) > 1 && end-1 > at {
		b.segment(document.Segment{Region: len(b.buf) - 1, File: end - 1, Len: 1}, true)
	}
}

// Hole appends text that stands for an unresolved value, verbatim from the
// source at offset at, and records it as a hole.
func (b *Builder) Hole(text []byte, at int) {
	start := len(b.buf)
	b.Verbatim(text, at)
	b.holes = append(b.holes, Hole{start, len(b.buf)})
}

// Append copies Text[from:to] of d with its map and holes.
func (b *Builder) Append(d Decoded, from, to int) {
	from, to = max(from, 0), min(to, len(d.Text))
	if from >= to {
		return
	}
	base := len(b.buf)
	pos := from
	for _, s := range d.Map {
		if s.Region+s.Len <= pos {
			continue
		}
		if s.Region >= to {
			break
		}
		// bytes before s were a gap in d and stay one here: both map to s
		lo, hi := max(pos, s.Region), min(s.Region+s.Len, to)
		b.segment(document.Segment{Region: base + lo - from, File: s.File + lo - s.Region, Len: hi - lo}, false)
		pos = hi
	}
	if pos < to && len(d.Map) > 0 {
		// past d's last segment offsets continue from it; keep that here
		b.segment(document.Segment{Region: base + pos - from, File: d.Map.File(pos), Len: to - pos}, false)
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

// ValueOf appends text standing for Text[from:to] of d, mapped like Value to
// where that range came from.
func (b *Builder) ValueOf(text string, d Decoded, from, to int) {
	end := d.Map.File(from)
	if to > from {
		end = d.Map.File(to-1) + 1
	}
	b.Value(text, d.Map.File(from), end)
}

// Decoded returns what was built.
func (b *Builder) Decoded() Decoded {
	return Decoded{Text: string(b.buf), Map: b.m, Holes: b.holes}
}
