package deltalog

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Metadata is the table's current metaData action.
type Metadata struct {
	ID               string            `json:"id"`
	Name             string            `json:"name,omitempty"`
	Description      string            `json:"description,omitempty"`
	Format           Format            `json:"format"`
	SchemaString     string            `json:"schemaString"`
	PartitionColumns []string          `json:"partitionColumns"`
	Configuration    map[string]string `json:"configuration"`
	CreatedTime      *int64            `json:"createdTime,omitempty"`
}

// Format is the data file format of a table ("parquet").
type Format struct {
	Provider string            `json:"provider"`
	Options  map[string]string `json:"options,omitempty"`
}

// Protocol is the table's current protocol action.
type Protocol struct {
	MinReaderVersion int      `json:"minReaderVersion"`
	MinWriterVersion int      `json:"minWriterVersion"`
	ReaderFeatures   []string `json:"readerFeatures,omitempty"`
	WriterFeatures   []string `json:"writerFeatures,omitempty"`
}

// jsonAction is one line of a commit or JSON checkpoint. Exactly one field
// is set on a valid line; unknown actions (cdc, checkpointMetadata) decode to
// nothing.
type jsonAction struct {
	Add            *jsonFile       `json:"add"`
	Remove         *jsonFile       `json:"remove"`
	MetaData       *Metadata       `json:"metaData"`
	Protocol       *Protocol       `json:"protocol"`
	CommitInfo     *jsonCommitInfo `json:"commitInfo"`
	DomainMetadata *jsonDomain     `json:"domainMetadata"`
	Txn            *jsonTxn        `json:"txn"`
	Sidecar        *jsonSidecar    `json:"sidecar"`
}

// jsonFile holds the fields of add and remove that the reader uses.
type jsonFile struct {
	Path            string             `json:"path"`
	PartitionValues map[string]*string `json:"partitionValues"`
	Size            int64              `json:"size"`
	DeletionVector  *jsonDV            `json:"deletionVector"`
}

type jsonDV struct {
	StorageType    string `json:"storageType"`
	PathOrInlineDv string `json:"pathOrInlineDv"`
	Offset         *int64 `json:"offset"`
	Cardinality    int64  `json:"cardinality"`
}

type jsonCommitInfo struct {
	Timestamp           int64                      `json:"timestamp"`
	InCommitTimestamp   *int64                     `json:"inCommitTimestamp"`
	Operation           string                     `json:"operation"`
	OperationParameters map[string]json.RawMessage `json:"operationParameters"`
	OperationMetrics    map[string]json.RawMessage `json:"operationMetrics"`
}

type jsonDomain struct {
	Domain        string `json:"domain"`
	Configuration string `json:"configuration"`
	Removed       bool   `json:"removed"`
}

type jsonTxn struct {
	AppID   string `json:"appId"`
	Version int64  `json:"version"`
}

type jsonSidecar struct {
	Path        string `json:"path"`
	SizeInBytes int64  `json:"sizeInBytes"`
}

// appendDVID appends a deletion vector's unique id (storageType +
// pathOrInlineDv, plus "@offset" when there is one) to buf.
func appendDVID(buf []byte, storageType, pathOrInline string, offset int64, hasOffset bool) []byte {
	buf = append(buf, storageType...)
	buf = append(buf, pathOrInline...)
	if hasOffset {
		buf = append(buf, '@')
		buf = strconv.AppendInt(buf, offset, 10)
	}
	return buf
}

// appendFileKey appends the reconciliation key of a logical file: the
// URI-decoded path and the DV unique id, separated by a NUL that neither
// can contain.
func appendFileKey[S string | []byte](buf []byte, rawPath S, dvID []byte) []byte {
	buf = appendDecodedPath(buf, rawPath)
	buf = append(buf, 0)
	return append(buf, dvID...)
}

// decodePath undoes the URI encoding of add/remove paths. A path that does
// not decode is kept as written rather than failing the whole table.
func decodePath(raw string) string {
	if !strings.Contains(raw, "%") {
		return raw
	}
	return string(appendDecodedPath(nil, raw))
}

// appendDecodedPath appends raw with its %XX escapes undone, or as written
// when one is malformed: url.PathUnescape's rules, without allocating.
func appendDecodedPath[S string | []byte](buf []byte, raw S) []byte {
	first := -1
	for i := 0; i < len(raw); i++ {
		if raw[i] == '%' {
			first = i
			break
		}
	}
	if first < 0 {
		return append(buf, raw...)
	}
	start := len(buf)
	buf = append(buf, raw[:first]...)
	for i := first; i < len(raw); i++ {
		if raw[i] != '%' {
			buf = append(buf, raw[i])
			continue
		}
		if i+2 >= len(raw) || !isHex(raw[i+1]) || !isHex(raw[i+2]) {
			return append(buf[:start], raw...)
		}
		buf = append(buf, unhex(raw[i+1])<<4|unhex(raw[i+2]))
		i += 2
	}
	return buf
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// rawValue renders a commitInfo map value as text: strings unquoted (Delta
// writes metrics as strings), anything else as its JSON.
func rawValue(m json.RawMessage) string {
	var s string
	if len(m) > 0 && m[0] == '"' && json.Unmarshal(m, &s) == nil {
		return s
	}
	return string(m)
}

func rawMap(m map[string]json.RawMessage) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = rawValue(v)
	}
	return out
}
