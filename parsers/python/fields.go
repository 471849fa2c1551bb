package python

// FieldID is the number of a grammar field. Finding a child by it compares
// small numbers where ChildByField compares names, which counts on the hot
// paths of a tree walk.
type FieldID uint8

// FieldByName returns the id of the field called name; 0, which no child
// fills, when the grammar has no such field.
func FieldByName(name string) FieldID {
	namesOnce.Do(loadNames)
	for i, f := range fieldNames {
		if i > 0 && i <= 0xff && f == name {
			return FieldID(i)
		}
	}
	return 0
}

// ChildByFieldID is ChildByField with the field given by its id.
func (n Node) ChildByFieldID(id FieldID) Node {
	if id == 0 {
		return Node{}
	}
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if cn := c.c(); cn.field == uint8(id) && cn.flags&flagExtra == 0 {
			return c
		}
	}
	return Node{}
}
