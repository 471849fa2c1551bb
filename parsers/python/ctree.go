package python

// The tree-sitter runtime and Python grammar are compiled into
// github.com/smacker/go-tree-sitter and its python package; this file calls
// them directly from C so that a whole tree is copied into Go memory in one
// call. Walking nodes through the Go binding costs a cgo call and a map insert
// per step, which would dominate a lint run.

/*
#include <stdint.h>
#include <stdbool.h>

typedef struct TSParser TSParser;
typedef struct TSTree TSTree;
typedef struct TSLanguage TSLanguage;
typedef struct TSNode { uint32_t context[4]; const void *id; const TSTree *tree; } TSNode;
typedef struct TSTreeCursor { const void *tree; const void *id; uint32_t context[3]; } TSTreeCursor;

TSParser *ts_parser_new(void);
void ts_parser_delete(TSParser *self);
bool ts_parser_set_language(TSParser *self, const TSLanguage *language);
TSTree *ts_parser_parse_string(TSParser *self, const TSTree *old_tree, const char *string, uint32_t length);
void ts_parser_reset(TSParser *self);
void ts_tree_delete(TSTree *self);
TSNode ts_tree_root_node(const TSTree *self);
uint32_t ts_node_descendant_count(TSNode self);
uint16_t ts_node_symbol(TSNode self);
uint32_t ts_node_start_byte(TSNode self);
uint32_t ts_node_end_byte(TSNode self);
bool ts_node_is_named(TSNode self);
bool ts_node_is_missing(TSNode self);
bool ts_node_is_extra(TSNode self);
bool ts_node_has_error(TSNode self);
TSTreeCursor ts_tree_cursor_new(TSNode node);
void ts_tree_cursor_delete(TSTreeCursor *self);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *self);
uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *self);
bool ts_tree_cursor_goto_parent(TSTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *self);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *self);
uint32_t ts_language_symbol_count(const TSLanguage *self);
const char *ts_language_symbol_name(const TSLanguage *self, uint16_t symbol);
uint32_t ts_language_field_count(const TSLanguage *self);
const char *ts_language_field_name_for_id(const TSLanguage *self, uint16_t id);
const TSLanguage *tree_sitter_python(void);

enum { flagNamed = 1, flagMissing = 2, flagExtra = 4, flagHasError = 8 };

// lake_node is one syntax node; nodes are stored in pre-order, so a node's
// subtree is the index range [self, next).
typedef struct {
	uint32_t start, end;
	int32_t next, parent;
	uint16_t sym;
	uint8_t field, flags;
} lake_node;

static TSParser *lake_parser_new(void) {
	TSParser *p = ts_parser_new();
	ts_parser_set_language(p, tree_sitter_python());
	return p;
}

static TSTree *lake_parse(TSParser *p, const char *src, uint32_t n, uint32_t *count) {
	TSTree *t = ts_parser_parse_string(p, 0, src, n);
	if (t == 0) {
		ts_parser_reset(p);
		*count = 0;
		return 0;
	}
	*count = ts_node_descendant_count(ts_tree_root_node(t));
	return t;
}

// lake_flatten copies the tree into out (capacity cap), deletes the tree and
// returns the number of nodes written.
static uint32_t lake_flatten(TSTree *t, lake_node *out, uint32_t cap) {
	TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(t));
	uint32_t n = 0;
	int32_t parent = -1;
	while (n < cap) {
		TSNode node = ts_tree_cursor_current_node(&c);
		lake_node *o = &out[n];
		o->start = ts_node_start_byte(node);
		o->end = ts_node_end_byte(node);
		o->sym = ts_node_symbol(node);
		uint16_t f = ts_tree_cursor_current_field_id(&c);
		o->field = f < 256 ? (uint8_t)f : 0;
		o->flags = (ts_node_is_named(node) ? flagNamed : 0) |
			(ts_node_is_missing(node) ? flagMissing : 0) |
			(ts_node_is_extra(node) ? flagExtra : 0) |
			(ts_node_has_error(node) ? flagHasError : 0);
		o->parent = parent;
		o->next = -1;
		int32_t self = (int32_t)n++;
		if (ts_tree_cursor_goto_first_child(&c)) {
			parent = self;
			continue;
		}
		out[self].next = (int32_t)n;
		for (;;) {
			if (ts_tree_cursor_goto_next_sibling(&c)) {
				break;
			}
			if (!ts_tree_cursor_goto_parent(&c) || parent < 0) {
				goto done;
			}
			out[parent].next = (int32_t)n;
			parent = out[parent].parent;
		}
	}
done:
	// close whatever a short buffer left open
	for (; parent >= 0; parent = out[parent].parent) {
		out[parent].next = (int32_t)n;
	}
	ts_tree_cursor_delete(&c);
	ts_tree_delete(t);
	return n;
}

static uint32_t lake_symbol_count(void) { return ts_language_symbol_count(tree_sitter_python()); }
static const char *lake_symbol_name(uint16_t s) { return ts_language_symbol_name(tree_sitter_python(), s); }
static uint32_t lake_field_count(void) { return ts_language_field_count(tree_sitter_python()); }
static const char *lake_field_name(uint16_t f) { return ts_language_field_name_for_id(tree_sitter_python(), f); }
*/
import "C"

import (
	"errors"
	"math"
	"runtime"
	"sync"
	"unsafe"

	// The C runtime and grammar these declarations link against.
	_ "github.com/smacker/go-tree-sitter"
	_ "github.com/smacker/go-tree-sitter/python"
)

const (
	flagNamed    = C.flagNamed
	flagMissing  = C.flagMissing
	flagExtra    = C.flagExtra
	flagHasError = C.flagHasError
	errorSymbol  = math.MaxUint16
)

// cnode mirrors C's lake_node field for field; the arrays below fail to
// compile if the two layouts ever differ in size.
type cnode struct {
	start, end   uint32
	next, parent int32
	sym          uint16
	field, flags uint8
}

var (
	_ [unsafe.Sizeof(cnode{}) - C.sizeof_lake_node]byte
	_ [C.sizeof_lake_node - unsafe.Sizeof(cnode{})]byte
)

// parser owns one tree-sitter parser; parsers are reused (freelist.go)
// because creating one allocates the grammar's lexer state.
type parser struct{ c *C.TSParser }

func newParser() *parser {
	p := &parser{c: C.lake_parser_new()}
	runtime.AddCleanup(p, func(c *C.TSParser) { C.ts_parser_delete(c) }, p.c)
	return p
}

// ErrTooLarge is returned for input tree-sitter cannot address.
var ErrTooLarge = errors.New("python: source larger than 2 GiB")

// errParse is returned when tree-sitter gives no tree (it does so only when
// cancelled, which lakelint never does, but the contract allows it).
var errParse = errors.New("python: parser returned no tree")

var empty = [1]byte{}

func parseC(src []byte) ([]cnode, error) {
	if len(src) > math.MaxInt32 {
		return nil, ErrTooLarge
	}
	p := getParser()
	defer putParser(p)
	if at := cuts(src, pieceSize); len(at) > 0 {
		nodes, err := parsePieces(p, src, at)
		if nodes != nil || err != nil {
			return nodes, err
		}
		// a piece has a syntax error: parsed whole, it is the error
		// Python would report, not one a cut in the wrong place made
	}
	t, count := parseText(p, src)
	if t == nil {
		return nil, errParse
	}
	nodes := takeNodes(count)
	n := C.lake_flatten(t, cNodes(nodes), C.uint32_t(count))
	return nodes[:int(n)], nil
}

// cTree is a tree-sitter tree.
type cTree = C.TSTree

// parseText has tree-sitter parse text and returns the tree and its node
// count (nil and 0 when it gives none). A test replaces it to see how much
// text tree-sitter is given at once.
var parseText = func(p *parser, text []byte) (*cTree, int) {
	var count C.uint32_t
	t := C.lake_parse(p.c, cText(text), C.uint32_t(len(text)), &count)
	return t, int(count)
}

// parsePieces parses src in the pieces that start at each offset of at
// (and at 0) into one tree: one module whose children are those of every
// piece's module. It returns no nodes when a piece has a syntax error.
func parsePieces(p *parser, src []byte, at []int) ([]cnode, error) {
	var nodes []cnode
	for k := 0; k <= len(at); k++ {
		start, end := 0, len(src)
		if k > 0 {
			start = at[k-1]
		}
		if k < len(at) {
			end = at[k]
		}
		piece := src[start:end]
		t, count := parseText(p, piece)
		if t == nil {
			giveNodes(nodes)
			return nil, errParse
		}
		base, n := len(nodes), count
		if nodes == nil {
			// room for the whole source at this piece's nodes per byte, and a tenth more
			nodes = takeNodes(n + int(float64(n)*1.1*float64(len(src)-len(piece))/float64(max(1, len(piece)))))[:0]
		}
		if base+n > cap(nodes) {
			grown := takeNodes(max(base+n, cap(nodes)+cap(nodes)/2))[:base]
			copy(grown, nodes)
			giveNodes(nodes)
			nodes = grown
		}
		nodes = nodes[:base+n]
		n = int(C.lake_flatten(t, cNodes(nodes[base:]), C.uint32_t(count)))
		module := nodes[base]
		if module.flags&flagHasError != 0 || module.sym == errorSymbol {
			giveNodes(nodes)
			return nil, nil
		}
		if k == 0 {
			nodes = nodes[:n] // the first piece's module stands for the whole
			continue
		}
		// the piece's nodes move down over its module, into the whole's
		// offsets and indexes
		shift := func(i int32) int32 {
			if i <= 0 {
				return i // the module, or none
			}
			return int32(base) + i - 1
		}
		for j := 1; j < n; j++ {
			c := nodes[base+j]
			c.start += uint32(start)
			c.end += uint32(start)
			c.parent, c.next = shift(c.parent), shift(c.next)
			nodes[base+j-1] = c
		}
		nodes = nodes[:base+n-1]
		nodes[0].end = module.end + uint32(start)
	}
	nodes[0].next = int32(len(nodes))
	return nodes, nil
}

// cText is src as tree-sitter reads it.
func cText(src []byte) *C.char {
	if len(src) == 0 {
		return (*C.char)(unsafe.Pointer(&empty[0]))
	}
	return (*C.char)(unsafe.Pointer(&src[0]))
}

// cNodes is nodes as lake_flatten writes them.
func cNodes(nodes []cnode) *C.lake_node {
	if len(nodes) == 0 {
		return nil
	}
	return (*C.lake_node)(unsafe.Pointer(&nodes[0]))
}

var (
	namesOnce  sync.Once
	symNames   []string
	fieldNames []string
)

func loadNames() {
	n := int(C.lake_symbol_count())
	symNames = make([]string, n)
	for i := range n {
		symNames[i] = C.GoString(C.lake_symbol_name(C.uint16_t(i)))
	}
	f := int(C.lake_field_count())
	fieldNames = make([]string, f+1)
	for i := 1; i <= f; i++ {
		fieldNames[i] = C.GoString(C.lake_field_name(C.uint16_t(i)))
	}
}
