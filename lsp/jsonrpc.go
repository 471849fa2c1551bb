package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// JSON-RPC 2.0 error codes, and the ones LSP adds.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
)

// maxMessageSize bounds one message body. A notebook with its outputs can be
// large, but a claimed length beyond this is a broken or hostile client.
const maxMessageSize = 256 << 20

// maxHeaderLine bounds one header line; real ones are a few dozen bytes.
const maxHeaderLine = 4096

// rpcError is a JSON-RPC error object; handlers return it to choose the code.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

func errorf(code int, format string, args ...any) *rpcError {
	return &rpcError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// message is any incoming JSON-RPC message. A request has an id and a
// method, a notification only a method, a response an id and a result or
// an error.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   *rpcError       `json:"error"`
}

// nullID answers a message whose id could not be read.
var nullID = json.RawMessage("null")

// validID reports whether id is a JSON-RPC id: a number or a string.
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return false
	}
	switch c := id[0]; {
	case c == '"', c == '-', c >= '0' && c <= '9':
		return true
	}
	return false
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"` // null is a valid result
}

type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *rpcError       `json:"error"`
}

type outgoingRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  any             `json:"params"`
}

type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

// errBadHeader marks a header block that was skipped; reading can go on.
var errBadHeader = errors.New("bad message header")

// frameReader reads Content-Length framed messages.
type frameReader struct {
	r *bufio.Reader
}

func newFrameReader(r io.Reader) *frameReader {
	return &frameReader{r: bufio.NewReaderSize(r, maxHeaderLine)}
}

// next returns the next message body. An error wrapping errBadHeader means
// one header block was unusable and skipped; any other error ends the stream.
func (fr *frameReader) next() ([]byte, error) {
	length, seen, bad := -1, false, ""
	for {
		line, err := fr.line()
		if err != nil {
			return nil, err
		}
		if line == "" {
			if !seen {
				continue // stray blank line between messages
			}
			break
		}
		seen = true
		// a header may follow a body that had no line end of its own
		i := strings.LastIndex(asciiLower(line), "content-length:")
		if i < 0 {
			continue // Content-Type and unknown headers
		}
		v := strings.TrimSpace(line[i+len("content-length:"):])
		n, err := strconv.Atoi(v)
		switch {
		case err != nil || n < 0:
			bad = fmt.Sprintf("Content-Length %q is not a length", v)
		case n > maxMessageSize:
			bad = fmt.Sprintf("Content-Length %d is over the %d byte limit", n, maxMessageSize)
			// skip the body so the next message can be read
			if _, err := io.CopyN(io.Discard, fr.r, int64(n)); err != nil {
				return nil, io.ErrUnexpectedEOF
			}
		default:
			length, bad = n, ""
		}
	}
	if bad != "" {
		return nil, fmt.Errorf("%w: %s", errBadHeader, bad)
	}
	if length < 0 {
		return nil, fmt.Errorf("%w: no Content-Length", errBadHeader)
	}
	// grow with the data actually received, not with the claimed length
	var body bytes.Buffer
	if _, err := io.CopyN(&body, fr.r, int64(length)); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	return body.Bytes(), nil
}

// line reads one header line without its line end. Overlong lines are cut
// to what fits; they are not headers lakelint reads.
func (fr *frameReader) line() (string, error) {
	b, err := fr.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		head := string(b)
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = fr.r.ReadSlice('\n')
		}
		if err != nil {
			return "", unexpected(err)
		}
		return strings.TrimRight(head, "\r\n"), nil
	}
	if err != nil {
		if err == io.EOF && len(b) > 0 {
			return "", io.ErrUnexpectedEOF
		}
		return "", err
	}
	return strings.TrimRight(string(b), "\r\n"), nil
}

// asciiLower lowers ASCII letters only, so byte offsets stay valid whatever
// the line holds (strings.ToLower may change the length of invalid UTF-8).
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func unexpected(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// frameWriter writes framed messages; it is safe for concurrent use.
type frameWriter struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte
}

// write sends v as one message, header and body in one Write so a message
// is never interleaved with another.
func (fw *frameWriter) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	fw.mu.Lock()
	defer fw.mu.Unlock()
	fw.buf = append(fw.buf[:0], "Content-Length: "...)
	fw.buf = strconv.AppendInt(fw.buf, int64(len(body)), 10)
	fw.buf = append(fw.buf, "\r\n\r\n"...)
	fw.buf = append(fw.buf, body...)
	_, err = fw.w.Write(fw.buf)
	if cap(fw.buf) > 1<<20 {
		fw.buf = nil // do not keep one huge message's buffer forever
	}
	return err
}
