package pyfacts

import (
	"slices"
	"testing"
)

func TestPerRun(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // the names noted, each as written at its span
	}{
		{"uuid4 hex", "from uuid import uuid4\nschedule_id = uuid4().hex", []string{"schedule_id"}},
		{"str of uuid4", "import uuid\nrun_id = str(uuid.uuid4())", []string{"run_id"}},
		{"attribute", "import uuid\nclass J:\n    def __init__(self):\n        self.batch_id = uuid.uuid1().hex", []string{"batch_id"}},
		{"pandas column", "import uuid\npdf['load_id'] = str(uuid.uuid4())", []string{"'load_id'"}},
		{"withColumn of lit", "import uuid\nfrom pyspark.sql import functions as F\nrid = uuid.uuid4().hex\ndf = df.withColumn('run', F.lit(rid))", []string{"rid", "'run'"}},
		{"near miss: a uuid made once into a constant string", "import uuid\nNS = uuid.NAMESPACE_DNS\nkey = 'fixed'", nil},
		{"near miss: uuid5 is the same for the same name", "import uuid\nkey = uuid.uuid5(NS, 'x').hex", nil},
		{"near miss: another module's uuid4", "from mylib import uuid4\nrun = uuid4()", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, doc := extract(t, tt.src)
			var got []string
			for _, c := range f.PerRun {
				if textOf(doc, c.Span) != c.Name && textOf(doc, c.Span) != "'"+c.Name+"'" {
					t.Errorf("%q at %q", c.Name, textOf(doc, c.Span))
				}
				got = append(got, textOf(doc, c.Span))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("per-run names %q, want %q", got, tt.want)
			}
		})
	}
}
