// Package factgen writes the binary codec and the deep copy of a package's
// data types from their definitions, so that a field added to a type is
// encoded, decoded and copied without a hand edit (package facts runs it
// with go generate; cmd/factgen is the command).
//
// It reads the package's Go files (tests and generated files left out) with
// go/parser and follows every field from the root types down, into other
// packages of the module where a field's type is defined there, and
// through generic types, one instance per type argument. Comment
// directives steer it:
//
//	//factgen:root           on a type: generate from it (and what it holds)
//	//factgen:ownfile        on a type: edits the file its fact is in, so a
//	                         copy into another file (Copier.Home set) leaves it out
//	//factgen:stop FLAG      on a struct field: it is encoded after the others,
//	                         and decoding stops before it when the decoder's
//	                         field FLAG is true
//
// The package declares the types the generated code works with: encoder
// (embedding wire.Encoder), decoder (embedding wire.Decoder) when it reads
// what it writes, and Copier (with a Home file) when it wants copies. A
// struct type whose method encoder.enc<Type> the package writes by hand is
// not walked: the generated code calls that method, decoder.dec<Type> and,
// if the package has it, Copier.copy<Type>, which places spans in Home and
// has nothing to do when Home is 0 (facts writes a Span's so).
//
// The codec (codec_gen.go) writes every field in declaration order: strings
// and counts as uvarints, signed integers as varints, floats as the uvarint
// of their bits, the bools of a struct packed in a byte (a uvarint beyond
// 8) ahead of its other fields, a nil pointer, slice or map apart from an empty one, and map
// entries in key order, so that equal values encode to equal bytes. When
// the package decodes, CodecVersion, which the generated file declares, is
// a hash of the generated code, of the package's files that declare the
// encoder, the decoder or their methods, and of package wire, so that any
// change to what is written or how gives another version.
//
// The copy (copy_gen.go) is a method of Copier per struct type: a copy that
// shares nothing with its original.
package factgen

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
)

// wirePath is the package of the primitives the generated code calls.
const wirePath = "github.com/lakelint/lakelint/wire"

// Output is what Generate writes, file name → Go source.
type Output map[string][]byte

// Generate reads the package in dir and returns codec_gen.go and
// copy_gen.go for it.
func Generate(dir string) (Output, error) {
	g := &gen{pkgs: map[string]*pkg{}, types: map[string]*typ{}}
	local, err := g.load(dir, "")
	if err != nil {
		return nil, err
	}
	g.local = local
	var roots []string
	for name, s := range local.specs {
		if s.directive("root") != nil {
			roots = append(roots, name)
		}
	}
	if len(roots) == 0 {
		return nil, fmt.Errorf("factgen: no type in %s is marked //factgen:root", dir)
	}
	slices.Sort(roots)
	for _, r := range roots {
		if _, err := g.named(local, r, nil); err != nil {
			return nil, err
		}
	}
	codec, err := g.codec()
	if err != nil {
		return nil, err
	}
	out := Output{"codec_gen.go": codec}
	if local.specs["Copier"] != nil {
		if out["copy_gen.go"], err = g.copier(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// pkg is one parsed package.
type pkg struct {
	path, name, dir string
	specs           map[string]*spec
	imports         map[*ast.File]map[string]string // file → local name → import path
	hand            [][]byte                        // sources of the files that declare encoder, decoder or their methods
	methods         map[string]bool                 // "encoder.encSpan", "Copier.copySpan": methods written by hand
	all             [][]byte                        // sources of every file
}

type spec struct {
	ts   *ast.TypeSpec
	file *ast.File
	doc  []string
}

func (s *spec) directive(name string) []string {
	return findDirective(s.doc, name)
}

// findDirective returns the words of the comment line "//factgen:name ...".
func findDirective(lines []string, name string) []string {
	for _, l := range lines {
		rest, ok := strings.CutPrefix(l, "//factgen:")
		if f := strings.Fields(rest); ok && len(f) > 0 && f[0] == name {
			return f
		}
	}
	return nil
}

func commentLines(gs ...*ast.CommentGroup) []string {
	var out []string
	for _, g := range gs {
		if g != nil {
			for _, c := range g.List {
				out = append(out, c.Text)
			}
		}
	}
	return out
}

type gen struct {
	local *pkg
	pkgs  map[string]*pkg // by directory
	types map[string]*typ // named types by qualified name
	order []*typ          // struct types in the order met
	// imports are the packages the generated code names: local name → path
	imports map[string]string
}

// load parses the non-test, non-generated Go files in dir.
func (g *gen) load(dir, path string) (*pkg, error) {
	if p := g.pkgs[dir]; p != nil {
		return p, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	p := &pkg{path: path, dir: dir, specs: map[string]*spec{}, imports: map[*ast.File]map[string]string{}, methods: map[string]bool{}}
	fset := token.NewFileSet()
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || strings.HasSuffix(n, "_gen.go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, n, src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		if bc, _ := build.Default.MatchFile(dir, n); !bc {
			continue
		}
		p.name = f.Name.Name
		imps := map[string]string{}
		for _, im := range f.Imports {
			ip := strings.Trim(im.Path.Value, `"`)
			local := ip[strings.LastIndex(ip, "/")+1:]
			if im.Name != nil {
				local = im.Name.Name
			}
			imps[local] = ip
		}
		p.imports[f] = imps
		hand := false
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok != token.TYPE {
					continue
				}
				for _, s := range d.Specs {
					ts := s.(*ast.TypeSpec)
					doc := commentLines(ts.Doc)
					if len(d.Specs) == 1 {
						doc = append(commentLines(d.Doc), doc...)
					}
					p.specs[ts.Name.Name] = &spec{ts: ts, file: f, doc: doc}
					hand = hand || ts.Name.Name == "encoder" || ts.Name.Name == "decoder"
				}
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) == 1 {
					recv := d.Recv.List[0].Type
					if st, ok := recv.(*ast.StarExpr); ok {
						recv = st.X
					}
					if id, ok := recv.(*ast.Ident); ok {
						p.methods[id.Name+"."+d.Name.Name] = true
						hand = hand || id.Name == "encoder" || id.Name == "decoder"
					}
				}
			}
		}
		if hand {
			p.hand = append(p.hand, src)
		}
		p.all = append(p.all, src)
	}
	g.pkgs[dir] = p
	return p, nil
}

type kind int

const (
	kBasic kind = iota
	kStruct
	kPtr
	kSlice
	kMap
)

// typ is a type as the generated code sees it.
type typ struct {
	kind  kind
	basic string // kBasic: the underlying type (string, int, bool...)
	name  string // a named type as the generated code writes it ("Write", "document.Lang"); "" when unnamed
	ident string // kStruct: what method names use ("Write", "DocumentSegment")
	elem  *typ   // kPtr, kSlice, kMap
	key   *typ   // kMap
	// kStruct:
	fields []field
	ownfil bool
	hand   bool // its encoding (and copy) are written by hand
}

type field struct {
	name string
	t    *typ
	stop string // //factgen:stop FLAG
}

func (t *typ) expr() string {
	if t.name != "" {
		return t.name
	}
	switch t.kind {
	case kPtr:
		return "*" + t.elem.expr()
	case kSlice:
		return "[]" + t.elem.expr()
	case kMap:
		return "map[" + t.key.expr() + "]" + t.elem.expr()
	}
	return t.basic
}

var basics = map[string]bool{"string": true, "bool": true, "int": true, "int64": true, "uint8": true, "uint32": true, "float64": true}

// named resolves the type name declared in p, instantiated with args
// when it is generic.
func (g *gen) named(p *pkg, name string, args []*typ) (*typ, error) {
	s := p.specs[name]
	if s == nil {
		return nil, fmt.Errorf("factgen: type %s not found in %s", name, p.dir)
	}
	if s.ts.Assign.IsValid() {
		return nil, fmt.Errorf("factgen: %s: aliases are not handled", name)
	}
	var params []string
	if s.ts.TypeParams != nil {
		for _, f := range s.ts.TypeParams.List {
			for _, n := range f.Names {
				params = append(params, n.Name)
			}
		}
	}
	if len(params) != len(args) {
		return nil, fmt.Errorf("factgen: %s takes %d type arguments, not %d", name, len(params), len(args))
	}
	sub := map[string]*typ{}
	t := &typ{name: name, ident: name}
	if len(args) > 0 {
		var exprs []string
		for i, a := range args {
			sub[params[i]] = a
			exprs = append(exprs, a.expr())
			t.ident += argIdent(a)
		}
		t.name += "[" + strings.Join(exprs, ", ") + "]"
	}
	if p != g.local {
		if g.imports == nil {
			g.imports = map[string]string{}
		}
		g.imports[p.name] = p.path
		t.name = p.name + "." + t.name
		t.ident = string(unicode.ToUpper(rune(p.name[0]))) + p.name[1:] + t.ident
	}
	q := p.dir + "." + t.name
	if old := g.types[q]; old != nil {
		return old, nil
	}
	g.types[q] = t
	t.ownfil = s.directive("ownfile") != nil
	if _, ok := s.ts.Type.(*ast.StructType); ok && g.local.methods["encoder.enc"+t.ident] {
		t.kind, t.hand = kStruct, true // written by hand: not walked
		return t, nil
	}
	switch u := s.ts.Type.(type) {
	case *ast.StructType:
		t.kind = kStruct
		g.order = append(g.order, t)
		stops := 0
		for _, f := range u.Fields.List {
			ft, err := g.resolve(p, s.file, f.Type, sub)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			stop := ""
			if d := findDirective(commentLines(f.Doc, f.Comment), "stop"); d != nil {
				if len(d) != 2 || len(f.Names) > 1 || stops > 0 {
					return nil, fmt.Errorf("factgen: %s: //factgen:stop FLAG goes on one field", name)
				}
				stop = d[1]
				stops++
			}
			names := f.Names
			if len(names) == 0 { // embedded
				names = []*ast.Ident{ast.NewIdent(embeddedName(f.Type))}
			}
			for _, n := range names {
				if !n.IsExported() && p != g.local {
					return nil, fmt.Errorf("factgen: %s.%s: an unexported field of another package; write encoder.enc%s by hand", t.name, n.Name, t.ident)
				}
				t.fields = append(t.fields, field{name: n.Name, t: ft, stop: stop})
			}
		}
	default:
		u2, err := g.resolve(p, s.file, s.ts.Type, sub)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		t.kind, t.basic, t.elem, t.key, t.fields = u2.kind, u2.basic, u2.elem, u2.key, u2.fields
		if u2.kind == kStruct {
			return nil, fmt.Errorf("factgen: %s: a named type of another struct type is not handled", name)
		}
	}
	return t, nil
}

func embeddedName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return embeddedName(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}

// argIdent names a type argument in method names.
func argIdent(t *typ) string {
	switch {
	case t.ident != "":
		return t.ident
	case t.kind == kPtr:
		return "Ptr" + argIdent(t.elem)
	case t.kind == kSlice:
		return "Slice" + argIdent(t.elem)
	case t.kind == kMap:
		return "Map" + argIdent(t.key) + argIdent(t.elem)
	}
	return strings.ToUpper(t.basic[:1]) + t.basic[1:]
}

// resolve is the type e written in file f of p; sub are the type
// arguments of the generic type e is in.
func (g *gen) resolve(p *pkg, f *ast.File, e ast.Expr, sub map[string]*typ) (*typ, error) {
	switch e := e.(type) {
	case *ast.IndexExpr:
		return g.instance(p, f, e.X, []ast.Expr{e.Index}, sub)
	case *ast.IndexListExpr:
		return g.instance(p, f, e.X, e.Indices, sub)
	case *ast.Ident:
		if t := sub[e.Name]; t != nil {
			return t, nil
		}
		if basics[e.Name] {
			return &typ{kind: kBasic, basic: e.Name}, nil
		}
		if e.Name == "byte" {
			return &typ{kind: kBasic, basic: "uint8"}, nil
		}
		return g.named(p, e.Name, nil)
	case *ast.SelectorExpr:
		return g.instance(p, f, e, nil, sub)
	case *ast.StarExpr:
		el, err := g.resolve(p, f, e.X, sub)
		if err != nil {
			return nil, err
		}
		if el.kind != kStruct {
			return nil, fmt.Errorf("factgen: a pointer to %s: only pointers to structs are handled", el.expr())
		}
		return &typ{kind: kPtr, elem: el}, nil
	case *ast.ArrayType:
		if e.Len != nil {
			return nil, fmt.Errorf("factgen: arrays are not handled")
		}
		el, err := g.resolve(p, f, e.Elt, sub)
		if err != nil {
			return nil, err
		}
		return &typ{kind: kSlice, elem: el}, nil
	case *ast.MapType:
		k, err := g.resolve(p, f, e.Key, sub)
		if err != nil {
			return nil, err
		}
		if k.kind != kBasic || k.basic != "string" {
			return nil, fmt.Errorf("factgen: map keys other than strings are not handled")
		}
		v, err := g.resolve(p, f, e.Value, sub)
		if err != nil {
			return nil, err
		}
		return &typ{kind: kMap, key: k, elem: v}, nil
	}
	return nil, fmt.Errorf("factgen: type expression %T is not handled", e)
}

// instance is the named type x (a name or pkg.Name) with type arguments args.
func (g *gen) instance(p *pkg, f *ast.File, x ast.Expr, args []ast.Expr, sub map[string]*typ) (*typ, error) {
	var targs []*typ
	for _, a := range args {
		t, err := g.resolve(p, f, a, sub)
		if err != nil {
			return nil, err
		}
		targs = append(targs, t)
	}
	switch x := x.(type) {
	case *ast.Ident:
		return g.named(p, x.Name, targs)
	case *ast.SelectorExpr:
		pk, ok := x.X.(*ast.Ident)
		if !ok {
			return nil, fmt.Errorf("factgen: unexpected type %T", x.X)
		}
		ip := p.imports[f][pk.Name]
		if ip == "" {
			return nil, fmt.Errorf("factgen: package %s is not imported", pk.Name)
		}
		bp, err := build.Default.Import(ip, p.dir, build.FindOnly)
		if err != nil {
			return nil, err
		}
		other, err := g.load(bp.Dir, ip)
		if err != nil {
			return nil, err
		}
		return g.named(other, x.Sel.Name, targs)
	}
	return nil, fmt.Errorf("factgen: type expression %T is not handled", x)
}

// writer collects generated lines.
type writer struct {
	b     bytes.Buffer
	depth int
}

func (w *writer) p(format string, args ...any) { fmt.Fprintf(&w.b, format+"\n", args...) }

// v is a variable name unique to the nesting depth.
func (w *writer) v(base string) string { return fmt.Sprintf("%s%d", base, w.depth) }

// deref is the value a pointer expression points to.
func deref(p string) string {
	if strings.HasPrefix(p, "&") {
		return p[1:]
	}
	return "(*" + p + ")"
}

// header starts a generated file whose declarations are body.
func (g *gen) header(w *writer, body []byte, imports ...string) {
	w.p("// Code generated by factgen from the types of package %s. DO NOT EDIT.", g.local.name)
	w.p("")
	w.p("package %s", g.local.name)
	w.p("")
	var std []string
	mod := append([]string(nil), imports...)
	for name, im := range g.imports {
		if bytes.Contains(body, []byte(name+".")) {
			mod = append(mod, im)
		}
	}
	for i := 0; i < len(mod); i++ {
		if !strings.Contains(strings.SplitN(mod[i], "/", 2)[0], ".") {
			std = append(std, mod[i])
			mod = slices.Delete(mod, i, i+1)
			i--
		}
	}
	slices.Sort(std)
	slices.Sort(mod)
	if len(std)+len(mod) == 0 {
		return
	}
	w.p("import (")
	for _, im := range std {
		w.p("%q", im)
	}
	w.p("")
	for _, im := range slices.Compact(mod) {
		w.p("%q", im)
	}
	w.p(")")
}

func (g *gen) codec() ([]byte, error) {
	var body writer
	decode := g.local.specs["decoder"] != nil
	for _, t := range g.order {
		if err := g.encStruct(&body, t); err != nil {
			return nil, err
		}
		if decode {
			g.decStruct(&body, t)
		}
	}
	h := sha256.New()
	for _, src := range g.local.hand {
		h.Write(src)
	}
	wp, err := build.Default.Import(wirePath, g.local.dir, build.FindOnly)
	if err != nil {
		return nil, err
	}
	wire, err := g.load(wp.Dir, wirePath)
	if err != nil {
		return nil, err
	}
	for _, src := range wire.all {
		h.Write(src)
	}
	h.Write(body.b.Bytes())
	var out writer
	var imps []string
	if bytes.Contains(body.b.Bytes(), []byte("wire.")) {
		imps = append(imps, wirePath)
	}
	g.header(&out, body.b.Bytes(), imps...)
	if decode {
		out.p("// CodecVersion names the encoding: a hash of the code that writes and reads it.")
		out.p("// Encodings of another version are never read.")
		out.p("const CodecVersion = %q", fmt.Sprintf("%x", h.Sum(nil))[:16])
	}
	out.b.Write(body.b.Bytes())
	src, err := format.Source(out.b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("factgen: generated code does not parse: %w\n%s", err, out.b.Bytes())
	}
	return src, nil
}

// bools splits a struct's fields into its bools and the rest, in the order
// they are encoded: a //factgen:stop field last.
func bools(t *typ) (bs []field, rest []field) {
	var last []field
	for _, f := range t.fields {
		switch {
		case f.stop != "":
			last = append(last, f)
		case f.t.kind == kBasic && f.t.basic == "bool":
			bs = append(bs, f)
		default:
			rest = append(rest, f)
		}
	}
	return bs, append(rest, last...)
}

func (g *gen) encStruct(w *writer, t *typ) error {
	bs, rest := bools(t)
	if len(bs) > 64 {
		return fmt.Errorf("factgen: %s has more than 64 bools", t.name)
	}
	w.p("")
	w.p("func (e *encoder) enc%s(x *%s) {", t.ident, t.name)
	if len(bs) > 0 {
		word, put := "uint64", "e.Uint(bits)"
		if len(bs) <= 8 {
			word, put = "byte", "e.Bits8(bits)"
		}
		w.p("var bits %s", word)
		for i, f := range bs {
			w.p("if x.%s { bits |= 1 << %d }", f.name, i)
		}
		w.p(put)
	}
	for _, f := range rest {
		g.enc(w, f.t, "&x."+f.name)
	}
	w.p("}")
	return nil
}

// enc writes the value p points to.
func (g *gen) enc(w *writer, t *typ, p string) {
	x := deref(p)
	// as is x converted to its basic type, when it is of a named one
	as := func(basic string) string {
		if t.name != "" || basic != t.basic {
			return basic + "(" + x + ")"
		}
		return x
	}
	switch t.kind {
	case kBasic:
		switch t.basic {
		case "string":
			w.p("e.Str(%s)", as("string"))
		case "bool":
			w.p("e.Bool(%s)", as("bool"))
		case "int":
			w.p("e.Int(%s)", as("int"))
		case "int64":
			w.p("e.Int64(%s)", as("int64"))
		case "uint8", "uint32":
			w.p("e.Uint(%s)", as("uint64"))
		case "float64":
			w.p("e.Float(%s)", as("float64"))
		}
	case kStruct:
		w.p("e.enc%s(%s)", t.ident, p)
	case kPtr:
		w.p("e.Bool(%s != nil)", x)
		w.p("if %s != nil {", x)
		g.enc(w, t.elem, x)
		w.p("}")
	case kSlice:
		w.depth++
		i := w.v("i")
		w.p("e.Count(len(%s), %s == nil)", x, x)
		w.p("for %s := range %s {", i, x)
		g.enc(w, t.elem, "&"+x+"["+i+"]")
		w.p("}")
		w.depth--
	case kMap:
		w.depth++
		mark, k, v := w.v("mark"), w.v("k"), w.v("v")
		w.p("e.Count(len(%s), %s == nil)", x, x)
		w.p("if len(%s) > 0 {", x)
		w.p("%s := wire.PushKeys(&e.Encoder, %s)", mark, x)
		w.p("for _, %s := range e.Keys[%s:] {", k, mark)
		w.p("e.Str(%s)", k)
		key := k
		if t.key.name != "" {
			key = t.key.name + "(" + k + ")"
		}
		w.p("%s := %s[%s]", v, x, key)
		g.enc(w, t.elem, "&"+v)
		w.p("}")
		w.p("e.Keys = e.Keys[:%s]", mark)
		w.p("}")
		w.depth--
	}
}

func (g *gen) decStruct(w *writer, t *typ) {
	bs, rest := bools(t)
	w.p("")
	w.p("func (d *decoder) dec%s(x *%s) {", t.ident, t.name)
	if len(bs) > 0 {
		if len(bs) <= 8 {
			w.p("bits := d.Bits8(%d)", len(bs))
		} else {
			w.p("bits := d.Bits(%d)", len(bs))
		}
		for i, f := range bs {
			w.p("x.%s = bits & (1 << %d) != 0", f.name, i)
		}
	}
	for _, f := range rest {
		if f.stop != "" {
			w.p("if d.%s {", f.stop)
			w.p("return // %s is last: what is left (d.B) is its encoding", f.name)
			w.p("}")
		}
		g.dec(w, f.t, "&x."+f.name)
	}
	w.p("}")
}

// dec reads into the zero value p points to.
func (g *gen) dec(w *writer, t *typ, p string) {
	x := deref(p)
	conv := func(read string) {
		if t.name != "" {
			read = t.name + "(" + read + ")"
		}
		w.p("%s = %s", x, read)
	}
	switch t.kind {
	case kBasic:
		switch t.basic {
		case "string":
			conv("d.Str()")
		case "bool":
			conv("d.Bool()")
		case "int":
			conv("d.Int()")
		case "int64":
			conv("d.Int64()")
		case "uint8":
			conv("d.U8()")
		case "uint32":
			conv("d.U32()")
		case "float64":
			conv("d.Float()")
		}
	case kStruct:
		w.p("d.dec%s(%s)", t.ident, p)
	case kPtr:
		w.depth++
		v := w.v("p")
		w.p("if d.Bool() {")
		w.p("%s := new(%s)", v, t.elem.expr())
		g.dec(w, t.elem, v)
		w.p("%s = %s", x, v)
		w.p("}")
		w.depth--
	case kSlice:
		w.depth++
		n, s, i := w.v("n"), w.v("s"), w.v("i")
		w.p("if %s, ok := d.Count(); ok {", n)
		w.p("%s := make(%s, %s)", s, t.expr(), n)
		w.p("for %s := range %s {", i, s)
		g.dec(w, t.elem, "&"+s+"["+i+"]")
		w.p("}")
		w.p("%s = %s", x, s)
		w.p("}")
		w.depth--
	case kMap:
		w.depth++
		n, m, k, v := w.v("n"), w.v("m"), w.v("k"), w.v("v")
		w.p("if %s, ok := d.Count(); ok {", n)
		w.p("%s := make(%s, %s)", m, t.expr(), n)
		w.p("for range %s {", n)
		if t.key.name != "" {
			w.p("%s := %s(d.Str())", k, t.key.name)
		} else {
			w.p("%s := d.Str()", k)
		}
		w.p("var %s %s", v, t.elem.expr())
		g.dec(w, t.elem, "&"+v)
		w.p("%s[%s] = %s", m, k, v)
		w.p("}")
		w.p("%s = %s", x, m)
		w.p("}")
		w.depth--
	}
}

// work says what copying a value of type t takes beyond assignment.
type work int

const (
	none     work = iota
	spanOnly      // only spans to rehome
	deep          // memory to copy
)

func (g *gen) work(t *typ, seen map[*typ]bool) work {
	switch t.kind {
	case kPtr, kSlice, kMap:
		return deep
	case kStruct:
		if t.hand {
			if g.local.methods["Copier.copy"+t.ident] {
				return spanOnly
			}
			return none
		}
		if seen[t] {
			return none
		}
		seen[t] = true
		defer delete(seen, t)
		out := none
		if t.ownfil {
			out = spanOnly
		}
		for _, f := range t.fields {
			out = max(out, g.work(f.t, seen))
		}
		return out
	}
	return none
}

func (g *gen) copier() ([]byte, error) {
	var w writer
	for _, t := range g.order {
		if g.work(t, map[*typ]bool{}) == none {
			continue
		}
		if !strings.Contains(t.name, ".") {
			w.p("")
			w.p("// %s returns a deep copy of x (nil for nil).", t.ident)
			w.p("func (c Copier) %s(x *%s) *%s {", t.ident, t.name, t.name)
			w.p("if x == nil { return nil }")
			w.p("y := *x")
			w.p("c.copy%s(&y)", t.ident)
			w.p("return &y")
			w.p("}")
		}
		w.p("")
		w.p("func (c Copier) copy%s(x *%s) {", t.ident, t.name)
		for _, f := range t.fields {
			g.cp(&w, f.t, "&x."+f.name, false)
		}
		w.p("}")
	}
	var out writer
	var std []string
	if bytes.Contains(w.b.Bytes(), []byte("maps.")) {
		std = append(std, "maps")
	}
	g.header(&out, w.b.Bytes(), std...)
	out.b.Write(w.b.Bytes())
	src, err := format.Source(out.b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("factgen: generated code does not parse: %w\n%s", err, out.b.Bytes())
	}
	return src, nil
}

// ownfile reports whether a value of type t edits its own file.
func ownfile(t *typ) bool {
	for t.kind == kPtr || t.kind == kSlice {
		t = t.elem
	}
	return t.kind == kStruct && t.ownfil
}

// cp makes the value p points to, a shallow copy, deep. inOwn is true
// inside the copy of a value that edits its own file, once Home is known
// to be 0.
func (g *gen) cp(w *writer, t *typ, p string, inOwn bool) {
	x := deref(p)
	wk := g.work(t, map[*typ]bool{})
	if wk == none {
		return
	}
	if ownfile(t) && !inOwn {
		inOwn = true
		zero := "nil"
		if t.kind == kStruct {
			zero = t.name + "{}"
		}
		w.p("if c.Home != 0 {")
		w.p("%s = %s", x, zero)
		w.p("} else {")
		defer w.p("}")
	}
	// loop copies the elements of a copied slice or map.
	loop := func(el *typ, open string, body func()) {
		switch g.work(el, map[*typ]bool{}) {
		case none:
			return
		case spanOnly:
			if inOwn {
				return // Home is 0 there: spans stay as they are
			}
			w.p("if c.Home != 0 {")
			defer w.p("}")
		}
		w.p("%s {", open)
		body()
		w.p("}")
	}
	switch t.kind {
	case kStruct:
		w.p("c.copy%s(%s)", t.ident, p)
	case kPtr:
		w.depth++
		v, y := w.v("p"), w.v("y")
		w.p("if %s := %s; %s != nil {", v, x, v)
		w.p("%s := *%s", y, v)
		g.cp(w, t.elem, "&"+y, inOwn)
		w.p("%s = &%s", x, y)
		w.p("}")
		w.depth--
	case kSlice:
		w.depth++
		s, y, i := w.v("s"), w.v("y"), w.v("i")
		w.p("if %s := %s; %s != nil {", s, x, s)
		w.p("%s := make(%s, len(%s))", y, t.expr(), s)
		w.p("copy(%s, %s)", y, s)
		loop(t.elem, "for "+i+" := range "+y, func() { g.cp(w, t.elem, "&"+y+"["+i+"]", inOwn) })
		w.p("%s = %s", x, y)
		w.p("}")
		w.depth--
	case kMap:
		w.depth++
		m, y, k, v := w.v("m"), w.v("y"), w.v("k"), w.v("v")
		w.p("if %s := %s; %s != nil {", m, x, m)
		w.p("%s := maps.Clone(%s)", y, m)
		loop(t.elem, "for "+k+", "+v+" := range "+y, func() {
			g.cp(w, t.elem, "&"+v, inOwn)
			w.p("%s[%s] = %s", y, k, v)
		})
		w.p("%s = %s", x, y)
		w.p("}")
		w.depth--
	}
}

// Check reports, as an error, the generated files in dir that are not what
// Generate writes from the package's types as they are: what a test of the
// package calls, so that a type changed without running go generate fails.
func Check(dir string) error {
	out, err := Generate(dir)
	if err != nil {
		return err
	}
	var stale []string
	for name, want := range out {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want) {
			stale = append(stale, name)
		}
	}
	if len(stale) > 0 {
		slices.Sort(stale)
		return fmt.Errorf("%s not what the generator writes from the types: run go generate in %s", strings.Join(stale, " and "), dir)
	}
	return nil
}
