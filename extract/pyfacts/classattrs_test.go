package pyfacts

import "testing"

// A class's settings reach its methods' writers through self, cls,
// self.__class__ and the class's name; an instance that sets the name,
// or a static method's first parameter, does not read them.
func TestClassAttrs(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      string // the trigger interval read; "" for none known
		format    string
	}{
		{"self", "class W:\n    trig = {'processingTime': '1 second'}\n    def run(self, df):\n        df.writeStream.trigger(**self.trig).toTable('t')\n", "1 second", ""},
		{"cls", "class W:\n    trig = {'processingTime': '2 seconds'}\n    @classmethod\n    def run(cls, df):\n        df.writeStream.trigger(**cls.trig).toTable('t')\n", "2 seconds", ""},
		{"__class__", "class W:\n    iv = '3 seconds'\n    def run(self, df):\n        df.writeStream.trigger(processingTime=self.__class__.iv).toTable('t')\n", "3 seconds", ""},
		{"own name", "class W:\n    iv = '4 seconds'\n    def run(self, df):\n        df.writeStream.trigger(processingTime=W.iv).toTable('t')\n", "4 seconds", ""},
		{"module", "class W:\n    iv = '5 seconds'\n    def f(self):\n        pass\ndf.writeStream.trigger(processingTime=W.iv).toTable('t')\n", "5 seconds", ""},
		{"nested function", "class W:\n    iv = '6 seconds'\n    def run(self, df):\n        def go():\n            df.writeStream.trigger(processingTime=self.iv).toTable('t')\n        go()\n", "6 seconds", ""},
		{"format", "class W:\n    fmt = 'delta'\n    def run(self, df):\n        df.writeStream.format(self.fmt).trigger(once=True).start('/p')\n", "", "delta"},
		// near misses
		{"instance sets it", "class W:\n    iv = '1 second'\n    def __init__(self, iv):\n        self.iv = iv\n    def run(self, df):\n        df.writeStream.trigger(processingTime=self.iv).toTable('t')\n", "", ""},
		{"static method", "class W:\n    trig = {'processingTime': '1 second'}\n    @staticmethod\n    def run(self, df):\n        df.writeStream.trigger(**self.trig).toTable('t')\n", "", ""},
		{"another class", "class V:\n    iv = '1 second'\nclass W:\n    def run(self, df):\n        df.writeStream.trigger(processingTime=self.iv).toTable('t')\n", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := extract(t, tc.src)
			w := oneWrite(t, f)
			got := ""
			if w.Trigger != nil {
				got = w.Trigger.Interval.Str
			}
			if got != tc.want {
				t.Errorf("interval %q, want %q", got, tc.want)
			}
			if w.Format != tc.format {
				t.Errorf("format %q, want %q", w.Format, tc.format)
			}
		})
	}
}
