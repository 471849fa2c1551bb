package deltalog

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
)

// maxLineBytes bounds one JSON action line. Lines carry per-file stats and
// schemas, which can be large, but not this large.
const maxLineBytes = 256 << 20

// forEachAction decodes each non-empty line of newline-delimited JSON
// actions. When only is non-empty, lines whose action key is not in it are
// skipped without decoding, which makes reading history from old commits
// cheap.
func forEachAction(ctx context.Context, name string, data []byte, only []string, fn func(*jsonAction) error) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, min(len(data)+1, 1<<20)), maxLineBytes)
	for line := 1; sc.Scan(); line++ {
		if line%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if len(only) > 0 && !hasActionKey(b, only) {
			continue
		}
		var a jsonAction
		if err := json.Unmarshal(b, &a); err != nil {
			return fmt.Errorf("%s line %d: corrupt JSON action: %w", name, line, err)
		}
		if err := fn(&a); err != nil {
			return fmt.Errorf("%s line %d: %w", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
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
