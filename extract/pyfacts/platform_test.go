package pyfacts

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestPlatformEvidence(t *testing.T) {
	tests := []struct {
		src  string
		want []string // What, in order of platformSigns
	}{
		{"files = dbutils.fs.ls('/mnt')\n", []string{"dbutils"}},
		{"from databricks.connect import DatabricksSession\nspark = DatabricksSession.builder.getOrCreate()\n", []string{"DatabricksSession"}},
		{"spark = configure_spark_with_delta_pip(builder).getOrCreate()\n", []string{"configure_spark_with_delta_pip"}},
		{"b = b.config('spark.sql.extensions', 'io.delta.sql.DeltaSparkSessionExtension')\n", []string{"io.delta.sql.DeltaSparkSessionExtension"}},
		{"b = b.config('spark.jars.packages', 'io.delta:delta-spark_2.12:3.1.0')\n", []string{"the io.delta Maven packages"}},
		{"cmd = ['spark-submit', '--packages', 'org.apache.hadoop:hadoop-aws:3.3.4,io.delta:delta-core_2.12:2.4.0', 'job.py']\n", []string{"the io.delta Maven packages"}},
		{"# io.delta:delta-spark is not used\nname = 'io.delta'\n", nil},
		{"df = spark.read.csv('/Volumes/main/raw/files/x.csv')\ndisplay(df)\n", []string{"a /Volumes/ path", "display(...)"}},
		{"p = f'dbfs:/mnt/{env}/x'\n", []string{"a dbfs: path"}},
		// not evidence: comments, other names, a display method, a string "display"; any string holding /Volumes/ is
		{"# dbutils and display(df) are not used here\nmy_dbutils = 1\nwidget.display(df)\nx = 'display'\nq = 'see /Volumes/ docs'\n", []string{"a /Volumes/ path"}},
		{"dbutils_helper = 2\nprint('no evidence')\n", nil},
	}
	for _, tt := range tests {
		f, _ := extract(t, tt.src)
		var got []string
		for _, e := range f.Evidence {
			got = append(got, e.What)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: evidence %v, want %v", tt.src, got, tt.want)
		}
	}
}

// indexFrom finds what bytes.Index finds, from any offset.
func TestIndexFrom(t *testing.T) {
	src := []byte("/Volumes//Volumes/Volumes/ dbutils.dbutils display(displaydisplay) dbfs:/dbfs: V")
	for _, s := range platformSigns {
		a := anchorOf(s.text)
		for off := 0; off <= len(src); off++ {
			want := bytes.Index(src[off:], []byte(s.text))
			if want >= 0 {
				want += off
			}
			if got := indexFrom(src, off, s.text, a); got != want {
				t.Errorf("indexFrom(%d, %q) = %d, want %d", off, s.text, got, want)
			}
		}
	}
}

// indexNoqa finds the first "noqa" in any case, as a plain search would.
func TestIndexNoqa(t *testing.T) {
	for _, s := range []string{"", "q", "Q", "noqa", "x # NOQA", "qQ nOqA", "no qa noQ NoQa", "qqqq", "nonoqa", "QnoQA", "aqaqanoqa"} {
		want := strings.Index(strings.ToLower(s), "noqa")
		if got := indexNoqa([]byte(s)); got != want {
			t.Errorf("indexNoqa(%q) = %d, want %d", s, got, want)
		}
	}
}
