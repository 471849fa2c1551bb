package pyfacts

import (
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
)

// Parameters a function hands to a writer helper of its own file
// (def configure(w): return with_trigger(w.option("k", "v"))): such a
// parameter is a writer, as one it calls trigger(...) on is, although
// nothing else in the body says so (option and format are a reader's too).
// The body is scanned for them before it is read, so that every use of the
// parameter configures the one writer a summary follows.

// writerParams makes writers of the parameters of function st (named in fs)
// that its body passes to a writer helper already defined.
func (x *extractor) writerParams(st *fnState, body python.Node, fs *scope) {
	if len(st.sum.Params) == 0 || !body.Valid() {
		return
	}
	body.Descendants(func(d python.Node) bool {
		if d.Is("function_definition") || d.Is("class_definition") || d.Is("lambda") {
			return false // another scope
		}
		if d.Is("call") {
			x.writerParamOf(st, d, fs)
			x.writerChainOf(st, d, fs)
		}
		return true
	})
}

// writerParamOf makes a writer of the parameter at the root of the argument
// that call, a call of a writer helper, passes as the writer.
func (x *extractor) writerParamOf(st *fnState, call python.Node, fs *scope) {
	fn := call.ChildByFieldID(fFunction)
	if !fn.Is("identifier") {
		return
	}
	v, ok := fs.lookup(x.text(fn))
	pos, api := 0, facts.API("")
	switch {
	case ok && v.kind == kFunc:
		callee, _ := v.ref.(*function)
		if callee == nil || callee.retWriter == 0 {
			return
		}
		w, _ := writerStep(callee.ret)
		if w == nil {
			return
		}
		pos, api = callee.retWriter-1, w.api
	case ok && v.kind == kModule:
		// a function of another module: a writer helper when the link step
		// finds it one; the first argument, a chain of a writer's settings
		// on the parameter, says the parameter is a writer
		arg := positionalArg(call, 0)
		if !arg.Is("call") || !x.chainRoot(arg).Valid() {
			return
		}
		api = x.chainAPI(arg)
	default:
		return
	}
	arg := positionalArg(call, pos)
	if !arg.Valid() {
		return
	}
	x.makeWriterParam(st, x.chainRoot(arg), api, fs)
}

// writerChainOf makes a writer of the parameter a chain of a writer's
// settings starts from when the chain calls a method only a writer has
// (w.format("delta").trigger(...)): format and option alone, a reader's
// too, would not say so at the first call.
func (x *extractor) writerChainOf(st *fnState, call python.Node, fs *scope) {
	f := call.ChildByFieldID(fFunction)
	if !f.Is("attribute") {
		return
	}
	api := writerOnly[x.text(f.ChildByFieldID(fAttribute))]
	obj := f.ChildByFieldID(fObject)
	if api == "" || !obj.Is("call") {
		return // a method called on the parameter itself makes it a writer as it is read
	}
	x.makeWriterParam(st, x.chainRoot(obj), api, fs)
}

// makeWriterParam makes a writer of the parameter root names, unless it
// is already one.
func (x *extractor) makeWriterParam(st *fnState, root python.Node, api facts.API, fs *scope) {
	if !root.Is("identifier") {
		return
	}
	name := x.text(root)
	for i, p := range st.sum.Params {
		if p.Name != name || p.Star != 0 {
			continue
		}
		if cur, ok := fs.lookup(name); ok && cur.kind == kUnknown {
			if pr, ok := cur.ref.(*param); ok && pr.attr == "" && pr.fn == st {
				outer := x.fn
				x.fn = st
				fs.set(name, x.paramWriter(i, api))
				x.fn = outer
			}
		}
		return
	}
}

// positionalArg is the i-th positional argument of call, if it has one.
func positionalArg(call python.Node, i int) python.Node {
	args := call.ChildByFieldID(fArguments)
	if !args.Valid() {
		return python.Node{}
	}
	k := 0
	for a := args.FirstChild(); a.Valid(); a = a.NextSibling() {
		if !a.IsNamed() || a.Is("comment") {
			continue
		}
		if a.Is("keyword_argument") || a.Is("list_splat") || a.Is("dictionary_splat") {
			return python.Node{}
		}
		if k == i {
			return a
		}
		k++
	}
	return python.Node{}
}

// chainRoot is the object a chain of calls of a writer's settings starts
// from: w for w.option("k", "v").format("delta"); nothing for
// df.writeStream, whose root is a DataFrame.
func (x *extractor) chainRoot(n python.Node) python.Node {
	for {
		switch {
		case n.Is("call"):
			f := n.ChildByFieldID(fFunction)
			if !f.Is("attribute") || !writerSettings[x.text(f.ChildByFieldID(fAttribute))] {
				return python.Node{}
			}
			n = f.ChildByFieldID(fObject)
		case n.Is("parenthesized_expression"):
			n = n.NamedChild(0)
		default:
			return n
		}
	}
}

// writerSettings are the methods that configure a writer and return it.
var writerSettings = map[string]bool{
	"format": true, "option": true, "options": true, "mode": true, "outputMode": true,
	"partitionBy": true, "clusterBy": true, "trigger": true, "queryName": true,
}

// chainAPI is the writer a chain of settings calls is made on: a
// DataStreamWriter when one of them is a stream's only.
func (x *extractor) chainAPI(n python.Node) facts.API {
	for n.Is("call") {
		f := n.ChildByFieldID(fFunction)
		if writerOnly[x.text(f.ChildByFieldID(fAttribute))] == facts.DataStreamWriter {
			return facts.DataStreamWriter
		}
		n = f.ChildByFieldID(fObject)
	}
	return facts.DataFrameWriter
}
