package deltalog

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// maxLineBytes bounds one JSON action line. Lines carry per-file stats and
// schemas, which can be large, but not this large.
const maxLineBytes = 256 << 20

// streamBuffer is the read size when a commit is streamed rather than read
// whole: large enough that an object store serves it in few requests.
const streamBuffer = 4 << 20

// action is one decoded line. file is set for an add or remove (added
// tells which); json is set when encoding/json decoded the line, which is
// every line that is not a plain add or remove.
type action struct {
	file  *fileAction
	added bool
	json  *jsonAction
}

// actionReader decodes newline-delimited JSON actions. It is reused across
// commits so its buffers are allocated once per replay.
type actionReader struct {
	br   *bufio.Reader
	long []byte // a line longer than the read buffer
	scan fileScanner
	file fileAction
	act  action
}

// forEachAction decodes each non-empty line of newline-delimited JSON
// actions read from src. When only is non-empty, lines whose action key is
// not in it are skipped without decoding, which makes reading history from
// old commits cheap. fn's action is valid only during the call.
func (ar *actionReader) forEachAction(ctx context.Context, name string, src io.Reader, only []string, fn func(*action) error) error {
	if ar.br == nil {
		ar.br = bufio.NewReaderSize(src, streamBuffer)
	} else {
		ar.br.Reset(src)
	}
	for line := 1; ; line++ {
		if line%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		raw, err := ar.readLine()
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("%s line %d: %w", name, line, err)
		}
		if b := bytes.TrimSpace(raw); len(b) > 0 && (len(only) == 0 || hasActionKey(b, only)) {
			a, derr := ar.decode(b)
			if derr != nil {
				return fmt.Errorf("%s line %d: corrupt JSON action: %w", name, line, derr)
			}
			if a != nil {
				if ferr := fn(a); ferr != nil {
					return fmt.Errorf("%s line %d: %w", name, line, ferr)
				}
			}
		}
		if err != nil { // io.EOF after the last line
			return nil
		}
	}
}

// readLine returns the next line without its '\n', io.EOF with the last
// one. The slice is valid until the next call.
func (ar *actionReader) readLine() ([]byte, error) {
	b, err := ar.br.ReadSlice('\n')
	if err == nil {
		return b[:len(b)-1], nil
	}
	if !errors.Is(err, bufio.ErrBufferFull) {
		return b, err
	}
	ar.long = append(ar.long[:0], b...)
	for {
		b, err = ar.br.ReadSlice('\n')
		if len(ar.long)+len(b) > maxLineBytes+1 {
			return nil, fmt.Errorf("action line longer than %d MiB", maxLineBytes>>20)
		}
		ar.long = append(ar.long, b...)
		switch {
		case err == nil:
			return ar.long[:len(ar.long)-1], nil
		case !errors.Is(err, bufio.ErrBufferFull):
			return ar.long, err
		}
	}
}

// decode decodes one trimmed line. Adds and removes take the fast scanner;
// anything it declines, encoding/json. A nil action means the line has
// nothing the reader uses.
func (ar *actionReader) decode(b []byte) (*action, error) {
	if isFileLine(b) {
		if added, ok := ar.scan.scan(b, &ar.file); ok {
			ar.act = action{file: &ar.file, added: added}
			return &ar.act, nil
		}
	}
	var ja jsonAction
	if err := json.Unmarshal(b, &ja); err != nil {
		return nil, err
	}
	a := &action{json: &ja}
	switch {
	case ja.Add != nil:
		a.file, a.added = ja.Add.fileAction(), true
	case ja.Remove != nil:
		a.file = ja.Remove.fileAction()
	}
	return a, nil
}

// isFileLine reports whether a line starts {"add": or {"remove":, the
// only lines worth trying the fast scanner on.
func isFileLine(b []byte) bool {
	return bytes.HasPrefix(b, []byte(`{"add"`)) || bytes.HasPrefix(b, []byte(`{"remove"`))
}

// fileAction converts an add or remove decoded by encoding/json.
func (f *jsonFile) fileAction() *fileAction {
	fa := &fileAction{path: []byte(f.Path), size: f.Size}
	for k, v := range f.PartitionValues {
		fa.parts = append(fa.parts, partPair{key: []byte(k), value: []byte(deref(v)), null: v == nil})
	}
	if dv := f.DeletionVector; dv != nil {
		fa.hasDV = true
		fa.dvStorage, fa.dvPath = []byte(dv.StorageType), []byte(dv.PathOrInlineDv)
		fa.dvOffset, fa.hasOffset = deref(dv.Offset), dv.Offset != nil
		fa.dvRows = dv.Cardinality
	}
	return fa
}

// appendDVID appends the file action's deletion vector id, if any.
func (f *fileAction) appendDVID(buf []byte) []byte {
	if !f.hasDV {
		return buf
	}
	return appendDVID(buf, string(f.dvStorage), string(f.dvPath), f.dvOffset, f.hasOffset)
}

// hasActionKey reports whether a line is {"<key>": ...} for one of keys.
// Every action line is an object with a single key, so peeking at the first
// key is enough. A line it cannot read is reported as matching, so the
// decoder sees it and complains.
func hasActionKey(line []byte, keys []string) bool {
	rest := bytes.TrimLeft(line, " \t")
	if len(rest) == 0 || rest[0] != '{' {
		return true
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	if len(rest) == 0 || rest[0] != '"' {
		return true
	}
	end := bytes.IndexByte(rest[1:], '"')
	if end < 0 {
		return true
	}
	key := rest[1 : 1+end]
	if bytes.IndexByte(key, '\\') >= 0 {
		return true // escaped key: let the decoder judge
	}
	for _, k := range keys {
		if string(key) == k {
			return true
		}
	}
	return false
}
