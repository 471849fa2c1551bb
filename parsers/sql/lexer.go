package sql

import (
	"bytes"
	"slices"
	"strings"
)

// Tokenize splits src into tokens, comments and hints included, whitespace
// left out. It accepts any bytes: what is not Spark SQL becomes Punct or
// Ident tokens, and an unclosed string or comment runs to the end.
func Tokenize(src []byte) []Token {
	// copied out at their exact length: scripts keep their tokens, and how
	// many there are is known only once read
	return slices.Clone(appendTokens(nil, src, 0, len(src)))
}

// appendTokens appends the tokens of src[pos:end] to dst; offsets stay
// offsets into src.
func appendTokens(dst []Token, src []byte, pos, end int) []Token {
	for {
		for pos < end && isSpace(src[pos]) {
			pos++
		}
		if pos >= end {
			return dst
		}
		t := lexOne(src, pos, end)
		dst = append(dst, t)
		pos = t.End
	}
}

// lexOne reads the token starting at src[pos], which is not a space. The
// token is never empty, so every call makes progress.
func lexOne(src []byte, pos, end int) Token {
	c := src[pos]
	next := byte(0)
	if pos+1 < end {
		next = src[pos+1]
	}
	switch {
	case c == '-' && next == '-':
		e := pos + 2
		if i := bytes.IndexByte(src[e:end], '\n'); i >= 0 {
			e += i
		} else {
			e = end
		}
		if e > pos+2 && src[e-1] == '\r' {
			e--
		}
		return Token{Kind: Comment, Start: pos, End: e}
	case c == '#' && lineStart(src, pos):
		// no Spark SQL line starts with #: a notebook header in Python's
		// style (# Databricks notebook source) or a MySQL comment
		e := pos + 1
		if i := bytes.IndexByte(src[e:end], '\n'); i >= 0 {
			e += i
		} else {
			e = end
		}
		if src[e-1] == '\r' {
			e--
		}
		return Token{Kind: Comment, Start: pos, End: e}
	case c == '/' && next == '*':
		if pos+2 < end && src[pos+2] == '+' {
			e, ok := hintEnd(src, pos+3, end)
			return Token{Kind: HintComment, Start: pos, End: e, Unterminated: !ok}
		}
		e, ok := blockCommentEnd(src, pos+2, end)
		return Token{Kind: Comment, Start: pos, End: e, Unterminated: !ok}
	case c == '\'' || c == '"':
		e, ok := quotedEnd(src, pos+1, end, c, true)
		return Token{Kind: String, Start: pos, End: e, Unterminated: !ok}
	case (c == 'r' || c == 'R') && (next == '\'' || next == '"'):
		e, ok := quotedEnd(src, pos+2, end, next, false)
		return Token{Kind: String, Start: pos, End: e, Unterminated: !ok}
	case c == '`':
		e, ok := quotedEnd(src, pos+1, end, '`', false)
		return Token{Kind: QuotedIdent, Start: pos, End: e, Unterminated: !ok}
	case c == '$':
		return lexDollar(src, pos, end)
	case c == ':':
		return lexColon(src, pos, end)
	case c == '{':
		if next == '%' || next == '#' {
			// a template tag or comment ({% if %}, {# note #}): not SQL
			e, ok := templateTagEnd(src, pos, end, next)
			return Token{Kind: Comment, Start: pos, End: e, Unterminated: !ok}
		}
		if e := placeholderEnd(src, pos, end); e > 0 {
			return Token{Kind: Param, Start: pos, End: e}
		}
	case c == '?':
		return Token{Kind: Param, Start: pos, End: pos + 1}
	case c == '<':
		if e := anglePlaceholderEnd(src, pos, end); e > 0 {
			return Token{Kind: Param, Start: pos, End: e}
		}
	case isDigit(c) || (c == '.' && isDigit(next)):
		return lexNumber(src, pos, end)
	case isIdentChar(c):
		return Token{Kind: Ident, Start: pos, End: identEnd(src, pos, end)}
	}
	return Token{Kind: Punct, Start: pos, End: pos + operatorLen(src, pos, end)}
}

// blockCommentEnd finds the end of a /* comment whose body starts at i.
// Block comments nest, as they do in Spark.
func blockCommentEnd(src []byte, i, end int) (int, bool) {
	depth := 1
	for i+1 < end {
		switch {
		case src[i] == '*' && src[i+1] == '/':
			i += 2
			if depth--; depth == 0 {
				return i, true
			}
		case src[i] == '/' && src[i+1] == '*':
			depth++
			i += 2
		default:
			i++
		}
	}
	return end, false
}

// hintEnd finds the "*/" closing a hint whose body starts at i.
func hintEnd(src []byte, i, end int) (int, bool) {
	if i > end {
		return end, false
	}
	if j := bytes.Index(src[i:end], []byte("*/")); j >= 0 {
		return i + j + 2, true
	}
	return end, false
}

// quotedEnd finds the closing quote q of a literal whose body starts at i.
// A doubled quote stands for one; a backslash escapes the next byte when
// escapes is set.
func quotedEnd(src []byte, i, end int, q byte, escapes bool) (int, bool) {
	for i < end {
		c := src[i]
		switch {
		case c == '\\' && escapes:
			i += 2
		case c == q:
			if i+1 < end && src[i+1] == q {
				i += 2
				continue
			}
			return i + 1, true
		default:
			i++
		}
	}
	return end, false
}

// lexDollar reads ${var}, $var or $1; a lone $ is punctuation.
func lexDollar(src []byte, pos, end int) Token {
	if pos+1 < end {
		if src[pos+1] == '{' {
			for i := pos + 2; i < end && i-pos <= maxPlaceholder; i++ {
				if src[i] == '}' {
					return Token{Kind: Param, Start: pos, End: i + 1}
				}
				if src[i] == '\n' || src[i] == '{' {
					break
				}
			}
		} else if isIdentChar(src[pos+1]) {
			return Token{Kind: Param, Start: pos, End: identEnd(src, pos+1, end)}
		}
	}
	return Token{Kind: Punct, Start: pos, End: pos + 1}
}

// lexColon reads "::", a :named parameter, or a lone colon. A colon glued to
// the value before it (raw:field, a JSON path) is an operator, not a parameter.
func lexColon(src []byte, pos, end int) Token {
	if pos+1 < end {
		n := src[pos+1]
		if n == ':' {
			return Token{Kind: Punct, Start: pos, End: pos + 2}
		}
		glued := pos > 0 && gluesColon(src[pos-1])
		if !glued && (isIdentChar(n) && !isDigit(n)) {
			return Token{Kind: Param, Start: pos, End: identEnd(src, pos+1, end)}
		}
	}
	return Token{Kind: Punct, Start: pos, End: pos + 1}
}

// gluesColon reports whether a colon right after c belongs to an expression
// such as raw:field or arr[0]:x rather than starting a parameter.
func gluesColon(c byte) bool {
	switch c {
	case ')', ']', '`', '}', '\'', '"':
		return true
	}
	return isIdentChar(c)
}

// maxPlaceholder bounds how far a {placeholder} or ${var} may reach, so a
// stray brace does not swallow a statement.
const maxPlaceholder = 200

// placeholderEnd returns the end of a Python format placeholder such as
// {table} or {cfg.schema}, or of a template's {{ param }}, starting at pos,
// or 0 when the brace opens none.
func placeholderEnd(src []byte, pos, end int) int {
	if pos+1 < end && src[pos+1] == '{' {
		return doubleBraceEnd(src, pos, end)
	}
	for i := pos + 1; i < end && i-pos <= maxPlaceholder; i++ {
		switch src[i] {
		case '}':
			return i + 1
		case '{', '\n', ';', '\'', '"':
			return 0
		}
	}
	return 0
}

// doubleBraceEnd returns the end of {{ param }} (SQL editor, dashboards and
// Jinja templates) starting at pos, or 0 when no "}}" closes it on its line.
func doubleBraceEnd(src []byte, pos, end int) int {
	for i := pos + 2; i+1 < end && i-pos <= maxPlaceholder; i++ {
		switch src[i] {
		case '}':
			if src[i+1] == '}' {
				return i + 2
			}
			return 0
		case '{', '\n', ';':
			return 0
		}
	}
	return 0
}

// templateTagEnd finds the end of a template tag {% ... %} or comment
// {# ... #} starting at pos; mark is '%' or '#'.
func templateTagEnd(src []byte, pos, end int, mark byte) (int, bool) {
	if j := bytes.Index(src[pos+2:end], []byte{mark, '}'}); j >= 0 {
		return pos + 2 + j + 2, true
	}
	return end, false
}

// anglePlaceholderEnd returns the end of an angle-bracket placeholder such
// as <bucket> or <my-catalog> starting at pos, as tutorials and templates
// write names to fill in, or 0 when the '<' is an operator: a comparison
// has an operand glued before it or a space inside.
func anglePlaceholderEnd(src []byte, pos, end int) int {
	if pos > 0 && (isIdentChar(src[pos-1]) || strings.IndexByte(")]'\"`}", src[pos-1]) >= 0) {
		return 0
	}
	i := pos + 1
	if i >= end || !isIdentChar(src[i]) || isDigit(src[i]) {
		return 0
	}
	for i < end && i-pos <= maxPlaceholder && (isIdentChar(src[i]) || src[i] == '-') {
		i++
	}
	if i >= end || src[i] != '>' {
		return 0
	}
	if i+1 < end && (isIdentChar(src[i+1]) || src[i+1] == '(' || src[i+1] == '=') {
		return 0
	}
	return i + 1
}

// lexNumber reads a numeric literal. A run of digits glued to letters that
// are no type suffix is an identifier, as Spark allows (2024_sales).
func lexNumber(src []byte, pos, end int) Token {
	i := pos
	for i < end && isDigit(src[i]) {
		i++
	}
	fraction := false
	if i < end && src[i] == '.' {
		fraction = true
		i++
		for i < end && isDigit(src[i]) {
			i++
		}
	}
	if i < end && (src[i] == 'e' || src[i] == 'E') {
		j := i + 1
		if j < end && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if j < end && isDigit(src[j]) {
			for j < end && isDigit(src[j]) {
				j++
			}
			i, fraction = j, true
		}
	}
	if i < end && isIdentChar(src[i]) {
		j := identEnd(src, i, end)
		if isNumberSuffix(src[i:j]) {
			return Token{Kind: Number, Start: pos, End: j}
		}
		if !fraction && isDigit(src[pos]) {
			return Token{Kind: Ident, Start: pos, End: j}
		}
	}
	return Token{Kind: Number, Start: pos, End: i}
}

func isNumberSuffix(b []byte) bool {
	switch len(b) {
	case 1:
		switch b[0] | 0x20 {
		case 'l', 's', 'y', 'd', 'f':
			return true
		}
	case 2:
		return b[0]|0x20 == 'b' && b[1]|0x20 == 'd'
	}
	return false
}

// operatorLen returns the length of the operator or punctuation at pos.
func operatorLen(src []byte, pos, end int) int {
	if pos+2 < end && src[pos] == '<' && src[pos+1] == '=' && src[pos+2] == '>' {
		return 3
	}
	if pos+1 < end {
		switch string(src[pos : pos+2]) {
		case "<=", ">=", "<>", "!=", "==", "||", "->", "=>", "<<", ">>", "&&", "::":
			return 2
		}
	}
	return 1
}

func identEnd(src []byte, i, end int) int {
	for i < end && isIdentChar(src[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isIdentChar accepts ASCII letters, digits, '_' and every non-ASCII byte,
// so identifiers in any script (or invalid UTF-8) stay whole words.
func isIdentChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c) || c == '_' || c >= 0x80
}

// lineStart reports whether only blanks stand before pos on its line.
func lineStart(src []byte, pos int) bool {
	for i := pos - 1; i >= 0; i-- {
		switch src[i] {
		case '\n':
			return true
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return true
}
