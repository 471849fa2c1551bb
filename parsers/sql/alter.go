package sql

// alter reads ALTER TABLE name SET TBLPROPERTIES (...), UNSET TBLPROPERTIES
// [IF EXISTS] (...) and CLUSTER BY ...; other ALTER TABLE statements are *Other.
func (p *parser) alter(h Head) Statement {
	p.pos += 2 // ALTER TABLE
	name, ok := p.name()
	if !ok {
		return p.unread(h, StmtAlterTable, "no table name")
	}
	st := &AlterTable{Name: name}
	kw := p.tok(0)
	switch {
	case p.acceptSeq("SET", "TBLPROPERTIES"):
		if st.Set = p.properties(kw.Start, true); st.Set == nil {
			return p.unread(h, StmtAlterTable, "TBLPROPERTIES without a list")
		}
	case p.acceptSeq("UNSET", "TBLPROPERTIES"):
		st.IfExists = p.acceptSeq("IF", "EXISTS")
		if st.Unset = p.properties(kw.Start, false); st.Unset == nil {
			return p.unread(h, StmtAlterTable, "TBLPROPERTIES without a list")
		}
	case p.acceptSeq("CLUSTER", "BY"):
		if st.Cluster = p.clustering(kw.Start); st.Cluster == nil {
			return p.unread(h, StmtAlterTable, "CLUSTER BY without columns")
		}
	default:
		return p.other(h) // ADD COLUMNS, RENAME, SET LOCATION...
	}
	p.skipRest()
	h.Kind = StmtAlterTable
	st.Head = h
	return st
}
