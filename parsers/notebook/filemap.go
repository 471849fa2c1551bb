package notebook

import "sort"

// fileMap maps offsets in a notebook's Text (the code cells' decoded
// sources) back to bytes of the .ipynb file.
type fileMap struct {
	src   []byte
	parts []mappedPart // in Text order
}

// mappedPart is one source string: its decoded bytes start at text in Text,
// its raw bytes (between the quotes) span raw in the file.
type mappedPart struct {
	text int
	raw  span
}

// newFileMap lays the code cells' strings out as buildText joins them.
func newFileMap(src []byte, nb *jupyterFile) *fileMap {
	m := &fileMap{src: src}
	text := 0
	for i := range nb.cells {
		c := &nb.cells[i]
		if !c.code {
			continue
		}
		for _, p := range nb.partsOf(c) {
			raw := span{p.start + 1, p.end - 1}
			m.parts = append(m.parts, mappedPart{text: text, raw: raw})
			text += len(appendJSONString(nil, src[raw.start:raw.end]))
		}
		if c.added {
			text++ // the newline buildText added has no bytes in the file
		}
	}
	return m
}

// offset returns the file offset of Text offset off: inside an escape
// sequence it is the escape's start, and past a string's end (a newline
// lakelint added) it is the string's closing quote.
func (m *fileMap) offset(off int) int {
	if len(m.parts) == 0 {
		return 0
	}
	i := max(sort.Search(len(m.parts), func(i int) bool { return m.parts[i].text > off })-1, 0)
	p := m.parts[i]
	return p.raw.start + rawPrefix(m.src[p.raw.start:p.raw.end], off-p.text)
}

// rawPrefix returns how many bytes of the raw JSON string content decode to
// the first n bytes, decoding exactly as appendJSONString does.
func rawPrefix(raw []byte, n int) int {
	i, decoded := 0, 0
	for i < len(raw) && decoded < n {
		size := 1
		if raw[i] == '\\' && i+1 < len(raw) {
			size = 2
			if raw[i+1] == 'u' {
				if _, k := decodeUnicodeEscape(raw[i:]); k > 0 {
					size = k
				} else {
					size = len(raw) - i // appendJSONString copies the rest as is
				}
			}
		}
		d := len(appendJSONString(nil, raw[i:i+size]))
		if decoded+d > n {
			break // n falls inside this escape
		}
		decoded += d
		i += size
	}
	return i
}
