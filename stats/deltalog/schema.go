package deltalog

import (
	"encoding/json"
	"strings"
)

const (
	propColumnMappingMode = "delta.columnMapping.mode"
	metaPhysicalName      = "delta.columnMapping.physicalName"
)

// schemaField is the part of a Delta schema field the reader needs: names
// and, for structs, the nested fields.
type schemaField struct {
	Name     string                     `json:"name"`
	Type     json.RawMessage            `json:"type"`
	Metadata map[string]json.RawMessage `json:"metadata"`
}

type structType struct {
	Type   string        `json:"type"`
	Fields []schemaField `json:"fields"`
}

// columnNames maps between display (logical) and physical column names.
// Without column mapping the two are the same.
type columnNames struct {
	fields  []schemaField
	mapping bool
}

func newColumnNames(md *Metadata) columnNames {
	var st structType
	if md != nil && md.SchemaString != "" {
		// An unreadable schema only costs the name mapping; partition values
		// are then looked up by display name.
		_ = json.Unmarshal([]byte(md.SchemaString), &st)
	}
	mode := ""
	if md != nil {
		mode = md.Configuration[propColumnMappingMode]
	}
	return columnNames{fields: st.Fields, mapping: mode != "" && mode != "none"}
}

func (f *schemaField) physical() string {
	var s string
	if raw, ok := f.Metadata[metaPhysicalName]; ok && json.Unmarshal(raw, &s) == nil && s != "" {
		return s
	}
	return f.Name
}

func (f *schemaField) children() []schemaField {
	var st structType
	if len(f.Type) > 0 && f.Type[0] == '{' && json.Unmarshal(f.Type, &st) == nil && st.Type == "struct" {
		return st.Fields
	}
	return nil
}

// physical returns the physical name of top-level column logical.
func (c columnNames) physical(logical string) string {
	if !c.mapping {
		return logical
	}
	for i := range c.fields {
		if c.fields[i].Name == logical {
			return c.fields[i].physical()
		}
	}
	return logical
}

// logicalPath maps a column path that may use physical names (as clustering
// domains do under column mapping) to display names, joined with ".".
// Segments it cannot resolve are kept as written.
func (c columnNames) logicalPath(path []string) string {
	out := make([]string, len(path))
	fields := c.fields
	for i, seg := range path {
		out[i] = seg
		var next []schemaField
		for j := range fields {
			f := &fields[j]
			if f.Name == seg || (c.mapping && f.physical() == seg) {
				out[i] = f.Name
				next = f.children()
				break
			}
		}
		fields = next
	}
	return strings.Join(out, ".")
}
