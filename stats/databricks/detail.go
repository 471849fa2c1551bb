package databricks

import (
	"github.com/lakelint/lakelint/stats"
)

// applyDetail copies the one DESCRIBE DETAIL row into t. The columns
// present depend on the runtime version; absent ones leave zero values.
func applyDetail(t *stats.Table, row Row) error {
	c := cells{row: row}
	t.Format = c.str("format")
	t.Location = c.str("location")
	t.NumFiles = c.int("numFiles")
	t.SizeInBytes = c.int("sizeInBytes")
	t.PartitionColumns = orEmpty(c.list("partitionColumns"))
	t.ClusteringColumns = orEmpty(c.list("clusteringColumns"))
	t.Properties = c.strMap("properties")
	if t.Properties == nil {
		t.Properties = map[string]string{}
	}
	t.MinReaderVersion = int(c.int("minReaderVersion"))
	t.MinWriterVersion = int(c.int("minWriterVersion"))
	// The protocol lists every reader feature among the writer features
	// too, so tableFeatures is the writer set. Which of them readers need
	// is not in the output, so ReaderFeatures stays unset.
	t.WriterFeatures = c.list("tableFeatures")
	return c.err
}

// orEmpty keeps JSON output as [] rather than null for "none".
func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
