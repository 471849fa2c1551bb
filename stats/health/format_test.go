package health

import "testing"

func TestBytes(t *testing.T) {
	cases := map[int64]string{
		0: "0 B", 512: "512 B", 1024: "1 KB", 1536: "1.5 KB", 40 << 10: "40 KB", 409600: "400 KB",
		3 << 20: "3 MB", 3670016: "3.5 MB", 32 << 20: "32 MB", 1 << 30: "1 GB", 5 << 40: "5 TB", -2048: "-2 KB",
	}
	for n, want := range cases {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCountAndPercent(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 231000: "231,000", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
	for s, want := range map[float64]string{0: "0%", 0.001: "<1%", 0.5: "50%", 0.98: "98%", 0.999: ">99%", 1: "100%"} {
		if got := Percent(s); got != want {
			t.Errorf("Percent(%v) = %q, want %q", s, got, want)
		}
	}
	if Plural(1, "file", "files") != "1 file" || Plural(2000, "file", "files") != "2,000 files" {
		t.Error("Plural")
	}
}
