package config

import "testing"

func BenchmarkEnabled(b *testing.B) {
	c, err := Parse("/repo/.lakelint.yaml", []byte(fullConfig))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		c.Enabled("LL101", true, "/repo/src/pipelines/daily/orders_job.py")
	}
}

func BenchmarkFileEnabled(b *testing.B) {
	c, err := Parse("/repo/.lakelint.yaml", []byte(fullConfig))
	if err != nil {
		b.Fatal(err)
	}
	fs := c.File("/repo/src/pipelines/daily/orders_job.py")
	for b.Loop() {
		fs.Enabled("LL101", true)
	}
}

func BenchmarkExcluded(b *testing.B) {
	c := Defaults()
	c.Dir = "/repo"
	for b.Loop() {
		c.Excluded("/repo/src/pipelines/daily/orders_job.py")
	}
}

func BenchmarkHighCardinality(b *testing.B) {
	c := Defaults()
	for b.Loop() {
		c.HighCardinality("Customer_Region")
	}
}
