package pyfacts

import (
	"sync"

	"github.com/lakelint/lakelint/facts"
)

// buffers are the working buffers of an extraction, kept for the next one:
// a run extracts thousands of small files, and making them anew for each
// costs more than the work they serve. They hold nothing of the file they
// served once returned.
type buffers struct {
	names    *[internSlots]string
	argStack []arg
	scratch  []byte
	cols     []facts.Column
	fieldBuf []fieldRef
}

var bufferPool = sync.Pool{New: func() any { return new(buffers) }}

// takeBuffers gives x the buffers of an earlier extraction.
func (x *extractor) takeBuffers() {
	b := bufferPool.Get().(*buffers)
	if b.names == nil {
		b.names = new([internSlots]string)
	}
	x.names, x.argStack, x.scratch, x.cols, x.fieldBuf = b.names, b.argStack, b.scratch, b.cols, b.fieldBuf
	*b = buffers{}
	x.buf = b
}

// giveBuffers empties x's buffers and keeps them for the next extraction.
func (x *extractor) giveBuffers() {
	b := x.buf
	clear(x.names[:])
	b.names = x.names
	clear(x.argStack[:cap(x.argStack)]) // a panic may have left some
	b.argStack = x.argStack[:0]
	clear(x.cols[:cap(x.cols)])
	b.cols = x.cols[:0]
	clear(x.fieldBuf[:cap(x.fieldBuf)])
	b.fieldBuf = x.fieldBuf[:0]
	b.scratch = x.scratch[:0]
	x.names, x.argStack, x.scratch, x.cols, x.fieldBuf, x.buf = nil, nil, nil, nil, nil, nil
	bufferPool.Put(b)
}
