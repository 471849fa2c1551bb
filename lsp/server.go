// Package lsp is lakelint's language server: it speaks the Language Server
// Protocol over a byte stream (stdin and stdout for "lakelint server"),
// lints the open buffers as the user types (text documents, and Jupyter
// notebooks synced cell by cell), publishes their diagnostics and offers
// their fixes as quick fixes. The open buffers of a project are linted
// together, so each sees the others' unsaved text.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
)

// Options configure a Server.
type Options struct {
	// Resolver says how configs are found (--config, the rule selection
	// from the command line). The server rebuilds its resolver when a
	// config file is saved or changes on disk, so edits to it apply
	// without a restart.
	Resolver config.ResolverOptions
	// Engine is passed to engine.New. With Engine.ProjectContext, the open
	// buffers of a project are linted together, with its other files read
	// for their tables, settings and helpers, as a partial `lakelint
	// check` run reads them.
	Engine engine.Options
	// CacheFor, when set, gives the result cache of the project a file is
	// in (nil for none): the project's other files are read through it, so
	// an unchanged file is not parsed again on every keystroke.
	CacheFor func(path string) *cache.Cache
	// Version is reported as serverInfo.version.
	Version string
	// Log receives the server's own messages (stderr); nil discards them.
	Log io.Writer
}

// Server is a language server for one client connection.
type Server struct {
	opts  Options
	log   *log.Logger
	setup atomic.Pointer[setup]
	docs  *documents

	// lint lints the open documents of a project; tests replace it to
	// control timing.
	lint func(ctx context.Context, l *engine.Linter, srcs []engine.Source) (*engine.Result, error)

	out *frameWriter
	// publishMu orders publishDiagnostics: a result is checked against the
	// document's current text and sent under it, so diagnostics never
	// reach the client for a buffer that closed meanwhile.
	publishMu sync.Mutex
	shownMu   sync.Mutex
	shown     map[string]bool // error notes already shown to the user

	lints       sync.WaitGroup
	lintCtx     context.Context
	stopLinting context.CancelFunc

	// reader goroutine state
	initialized, shutdown bool
	exitCode              int
	exited                bool
	watchFiles            bool // the client registers watchers when asked
	sentRequests          int

	requests      map[string]func(params json.RawMessage) (any, error)
	notifications map[string]func(params json.RawMessage) error
}

// setup is the configuration in force: swapped whole when a config changes.
type setup struct {
	configs *config.Resolver
	linter  *engine.Linter
}

// NewServer prepares a server. It fails when an explicit config file
// (Options.Resolver.ConfigPath) cannot be read.
func NewServer(opts Options) (*Server, error) {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	s := &Server{
		opts:  opts,
		log:   log.New(opts.Log, "lakelint server: ", log.LstdFlags|log.Lmsgprefix),
		docs:  newDocuments(),
		shown: map[string]bool{},
		lint: func(ctx context.Context, l *engine.Linter, srcs []engine.Source) (*engine.Result, error) {
			return l.LintSources(ctx, srcs)
		},
	}
	st, err := s.newSetup()
	if err != nil {
		return nil, err
	}
	s.setup.Store(st)
	s.requests = map[string]func(json.RawMessage) (any, error){
		"initialize":              s.initialize,
		"shutdown":                s.shutdownRequest,
		"textDocument/codeAction": s.codeAction,
	}
	s.notifications = map[string]func(json.RawMessage) error{
		"initialized":                     s.initializedNotification,
		"textDocument/didOpen":            s.didOpen,
		"textDocument/didChange":          s.didChange,
		"textDocument/didSave":            s.didSave,
		"textDocument/didClose":           s.didClose,
		"notebookDocument/didOpen":        s.didOpenNotebook,
		"notebookDocument/didChange":      s.didChangeNotebook,
		"notebookDocument/didSave":        s.didSaveNotebook,
		"notebookDocument/didClose":       s.didCloseNotebook,
		"workspace/didChangeWatchedFiles": s.didChangeWatchedFiles,
	}
	return s, nil
}

func (s *Server) newSetup() (*setup, error) {
	configs, err := config.NewResolver(s.opts.Resolver)
	if err != nil {
		return nil, err
	}
	return &setup{configs: configs, linter: engine.New(configs, s.opts.Engine)}, nil
}

// Serve reads messages from in and answers on out until the client sends
// exit or in ends. It returns the process exit code LSP asks for: 0 when
// shutdown came first, 1 otherwise. A Server serves one connection.
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) int {
	s.out = &frameWriter{w: out}
	s.lintCtx, s.stopLinting = context.WithCancel(ctx)
	defer func() {
		s.stopLinting()
		s.lints.Wait() // nothing is written once Serve returns
	}()
	s.exitCode = 1
	fr := newFrameReader(in)
	for !s.exited {
		body, err := fr.next()
		if errors.Is(err, errBadHeader) {
			s.log.Print(err)
			continue
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				s.log.Printf("reading: %v", err)
			}
			if s.shutdown {
				return 0
			}
			return 1
		}
		s.handle(body)
	}
	return s.exitCode
}

// handle answers one message. It runs on the reader goroutine, so it never
// waits for a lint.
func (s *Server) handle(body []byte) {
	var m message
	if !json.Valid(body) {
		s.replyError(nullID, errorf(codeParseError, "message is not valid JSON"))
		return
	}
	if err := json.Unmarshal(body, &m); err != nil {
		s.replyError(nullID, errorf(codeInvalidRequest, "message is not a JSON-RPC object"))
		return
	}
	isRequest := m.ID != nil
	if isRequest && !validID(m.ID) {
		s.replyError(nullID, errorf(codeInvalidRequest, "id must be a number or a string"))
		return
	}
	defer func() {
		if p := recover(); p != nil {
			s.log.Printf("internal error handling %s: %v\n%s", m.Method, p, debug.Stack())
			if isRequest {
				s.replyError(m.ID, errorf(codeInternalError, "internal error handling %s", m.Method))
			}
		}
	}()
	switch {
	case m.Method == "" && (m.Result != nil || m.Error != nil || sentID(m.ID)):
		// a response to a request lakelint sent (its result, null, is not read)
		if m.Error != nil {
			s.log.Printf("the client answered request %s: %s", m.ID, m.Error.Message)
		}
	case m.Method == "":
		s.replyError(idOrNull(m.ID), errorf(codeInvalidRequest, "message has no method"))
	case m.Method == "exit":
		s.exited = true
		if s.shutdown {
			s.exitCode = 0
		}
	case isRequest:
		s.handleRequest(m)
	default:
		s.notification(m)
	}
}

func (s *Server) handleRequest(m message) {
	handler, ok := s.requests[m.Method]
	switch {
	case !s.initialized && m.Method != "initialize":
		s.replyError(m.ID, errorf(codeServerNotInitialized, "the server is not initialized"))
	case s.shutdown:
		s.replyError(m.ID, errorf(codeInvalidRequest, "the server is shut down"))
	case !ok:
		s.replyError(m.ID, errorf(codeMethodNotFound, "method not found: %s", m.Method))
	default:
		result, err := handler(m.Params)
		if err != nil {
			var re *rpcError
			if !errors.As(err, &re) {
				re = errorf(codeInternalError, "%v", err)
			}
			s.replyError(m.ID, re)
			return
		}
		s.send(response{JSONRPC: "2.0", ID: m.ID, Result: result})
	}
}

func (s *Server) notification(m message) {
	handler, ok := s.notifications[m.Method]
	if !ok || !s.initialized || s.shutdown {
		return // unknown notifications, and those out of season, are dropped
	}
	if err := handler(m.Params); err != nil {
		s.log.Printf("%s: %v", m.Method, err)
	}
}

func idOrNull(id json.RawMessage) json.RawMessage {
	if id == nil {
		return nullID
	}
	return id
}

func (s *Server) replyError(id json.RawMessage, e *rpcError) {
	s.send(errorResponse{JSONRPC: "2.0", ID: id, Error: e})
}

// request sends the client a request; its answer is not waited for.
func (s *Server) request(method string, params any) {
	s.sentRequests++
	id, _ := json.Marshal(fmt.Sprintf("%s%d", requestIDPrefix, s.sentRequests))
	s.send(outgoingRequest{JSONRPC: "2.0", ID: id, Method: method, Params: params})
}

// requestIDPrefix starts the ids of lakelint's requests, so that their
// answers are known even when they carry neither result nor error.
const requestIDPrefix = "lakelint-"

func sentID(id json.RawMessage) bool {
	var s string
	return json.Unmarshal(id, &s) == nil && strings.HasPrefix(s, requestIDPrefix)
}

func (s *Server) notify(method string, params any) {
	s.send(notification{JSONRPC: "2.0", Method: method, Params: params})
}

func (s *Server) send(v any) {
	if err := s.out.write(v); err != nil {
		s.log.Printf("writing: %v", err)
	}
}

// decode reads params, answering InvalidParams when they do not fit.
func decode(params json.RawMessage, v any) error {
	if len(params) == 0 || string(params) == "null" {
		return errorf(codeInvalidParams, "params are missing")
	}
	if err := json.Unmarshal(params, v); err != nil {
		return errorf(codeInvalidParams, "invalid params: %v", err)
	}
	return nil
}
