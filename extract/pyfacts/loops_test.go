package pyfacts

import "testing"

func TestLoopIterables(t *testing.T) {
	tests := []struct {
		name, src string
		items     int
	}{
		{"list written out", "for t in ['a', 'b', 'c']:\n    df.write.mode('append').saveAsTable('x')", 3},
		{"module constant", "DAYS = ('d1', 'd2')\nfor d in DAYS:\n    df.write.mode('append').saveAsTable('x')", 2},
		{"collected rows", "df = spark.read.table('t')\nfor r in df.select('c').distinct().collect():\n    df.write.mode('append').parquet(r[0])", 0},
		{"local iterator", "df = spark.read.table('t')\nfor r in df.toLocalIterator():\n    df.write.mode('append').parquet(r[0])", 0},
		{"inner loop decides", "for a in ['x', 'y']:\n    for b in files:\n        df.write.mode('append').saveAsTable('x')", 0},
		{"near miss: a list with a splat", "for t in ['a', *more]:\n    df.write.mode('append').saveAsTable('x')", 0},
		{"near miss: rows of something not a DataFrame", "for r in cursor.collect():\n    df.write.mode('append').parquet(r[0])", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := extract(t, tt.src)
			if len(f.Writes) != 1 {
				t.Fatalf("%d writes", len(f.Writes))
			}
			w := f.Writes[0]
			if w.Loop.End == 0 || w.LoopItems != tt.items {
				t.Errorf("loop %+v items %d, want items %d", w.Loop, w.LoopItems, tt.items)
			}
		})
	}
}

func TestLoopOverRegistry(t *testing.T) {
	// a method called for each instance of a registry of one class is a
	// call of that class's method in the loop, its instance not known
	src := "class M:\n    def __init__(self, n):\n        self.n = n\n    def save(self):\n        pass\n" +
		"REG = [M('a'), M('b')]\nfor m in REG:\n    m.save()\n" +
		"MIXED = [M('a'), other]\nfor m in MIXED:\n    m.save()\n"
	f, doc := extract(t, src)
	var calls []string
	for _, c := range f.Summary.Calls {
		if c.Callee == "M.save" {
			calls = append(calls, textOf(doc, c.Loop))
			if c.LoopItems != 2 || len(c.Args) != 1 || len(c.Args[0].Args()) != 0 {
				t.Errorf("call %+v: want 2 iterations and an instance with unknown arguments", c)
			}
		}
	}
	if len(calls) != 1 || calls[0] != "for m in REG" {
		t.Errorf("calls of M.save in loops: %q", calls)
	}
}
