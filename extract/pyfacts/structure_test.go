package pyfacts

import "testing"

func TestValuesThroughStructure(t *testing.T) {
	src := `from dataclasses import dataclass
from typing import NamedTuple

cfg = {"table": "main.a", "cols": ["day"]}
df.write.mode("append").partitionBy(cfg["cols"]).saveAsTable(cfg["table"])
df.write.mode("append").saveAsTable(cfg.get("missing", "main.b"))

@dataclass
class Spec:
    table: str
    mode: str = "append"

class Sink(NamedTuple):
    table: str

class Holder:
    def __init__(self, table):
        self.table = table

class Busy:
    def __init__(self, table):
        self.table = table.upper()

df.write.mode(Spec("main.c").mode).saveAsTable(Spec(table="main.c").table)
df.write.saveAsTable(Sink("main.d").table)
df.write.saveAsTable(Holder("main.e").table)
df.write.saveAsTable(Busy("main.f").table)
cfg["table"] = "main.changed"
df.write.saveAsTable(cfg["table"])
cols = ["a"]
cols.append("b")
df.write.partitionBy(cols).saveAsTable("main.g")
`
	f, _ := extract(t, src)
	want := []string{"main.a", "main.b", "main.c", "main.d", "main.e", "", "", "main.g"}
	if len(f.Writes) != len(want) {
		t.Fatalf("%d writes", len(f.Writes))
	}
	for i, w := range f.Writes {
		if w.Target.Table != want[i] {
			t.Errorf("write %d: table %q, want %q", i, w.Target.Table, want[i])
		}
	}
	if p := f.Writes[0].PartitionBy; p == nil || len(p.Names()) != 1 || p.Names()[0] != "day" {
		t.Errorf("partitions from a dict: %+v", p)
	}
	if f.Writes[2].Mode.Str != "append" {
		t.Errorf("a dataclass default: %+v", f.Writes[2].Mode)
	}
	if p := f.Writes[7].PartitionBy; p == nil || !p.Dynamic {
		t.Errorf("a list changed in place is not known: %+v", p)
	}
}
