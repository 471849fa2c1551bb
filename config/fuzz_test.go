package config

import "testing"

// FuzzParse checks that no input makes Parse panic or hang, and that every
// failure is reported with the file's name.
func FuzzParse(f *testing.F) {
	f.Add([]byte(fullConfig))
	f.Add([]byte("select: [LL1\n"))
	f.Add([]byte("a: &x [*x]\n"))
	f.Add([]byte("stats: {databricks: {token: x}}\n"))
	f.Add([]byte("\xff\xfe"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("f.yaml", data)
		if err != nil {
			if c != nil {
				t.Error("config returned with an error")
			}
			return
		}
		c.Enabled("LL101", true, "a/b.py")
		c.Excluded("a/b.py")
		c.HighCardinality("user_id")
	})
}

func FuzzUnits(f *testing.F) {
	for _, s := range []string{"10MB", "1 minute 30 seconds", "500 ms", "1.5GB", "interval 3 hours"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, err := ParseSize(s); err == nil && n < 0 {
			t.Errorf("ParseSize(%q) = %d", s, n)
		}
		if d, err := ParseDuration(s); err == nil && d < 0 {
			t.Errorf("ParseDuration(%q) = %v", s, d)
		}
	})
}
