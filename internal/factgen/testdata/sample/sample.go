// Package sample is a small package for the generator's tests.
package sample

import "github.com/lakelint/lakelint/wire"

type encoder struct{ wire.Encoder }

type decoder struct{ wire.Decoder }

// Copier makes deep copies.
type Copier struct{ Home int }

func (e *encoder) encSpan(s *Span) { e.Int(s.Start) }
func (d *decoder) decSpan(s *Span) { s.Start = d.Int() }
func (c Copier) copySpan(s *Span)  { s.Start += c.Home }

// Span is encoded and copied by hand.
type Span struct{ Start int }

// Doc is the root.
//
//factgen:root
type Doc struct {
	Name  string
	Parts []*Part
	Tags  map[string]Part
	Done  bool
	Pair  Pair[*Part]
	note  string
}

// Pair is generic.
type Pair[T any] struct{ A, B T }

// Part is in a Doc.
type Part struct {
	At    Span
	Count int64
	Edit  *Edit
}

//factgen:ownfile
type Edit struct{ Text string }
