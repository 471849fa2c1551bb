package config

import (
	"testing"
	"time"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{
		"0":          0,
		"1048576":    1 << 20,
		"10MB":       10 << 20,
		"10 MB":      10 << 20,
		"10mb":       10 << 20,
		"512KB":      512 << 10,
		"512KiB":     512 << 10,
		"1GB":        1 << 30,
		"1.5GB":      3 << 29,
		"2T":         2 << 40,
		"100B":       100,
		" 32MiB ":    32 << 20,
		"7 bytes":    7,
		"0.5KB":      512,
		"1e3":        -1,
		"":           -1,
		"MB":         -1,
		"-1MB":       -1,
		"10XB":       -1,
		"1..2MB":     -1,
		"9e20":       -1,
		"9999999 TB": -1,
	} {
		got, err := ParseSize(in)
		if want < 0 {
			if err == nil {
				t.Errorf("ParseSize(%q) = %d, want an error", in, got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
}

func TestParseDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"30 seconds":          30 * time.Second,
		"1 second":            time.Second,
		"5 minutes":           5 * time.Minute,
		"1 minute":            time.Minute,
		"1 hour":              time.Hour,
		"2 hrs":               2 * time.Hour,
		"500 ms":              500 * time.Millisecond,
		"500ms":               500 * time.Millisecond,
		"250 milliseconds":    250 * time.Millisecond,
		"10s":                 10 * time.Second,
		"1m30s":               90 * time.Second,
		"1 minute 30 seconds": 90 * time.Second,
		"interval 10 seconds": 10 * time.Second,
		"INTERVAL 2 MINUTES":  2 * time.Minute,
		"0.5 seconds":         500 * time.Millisecond,
		"45":                  45 * time.Second,
		"1 day":               24 * time.Hour,
		"0":                   0,
		"":                    -1,
		"soon":                -1,
		"5 fortnights":        -1,
		"-5s":                 -1,
		"seconds":             -1,
		"1 minute and 3s":     -1,
		"1e400 seconds":       -1,
		"99999999999 days":    -1,
	} {
		got, err := ParseDuration(in)
		if want < 0 {
			if err == nil {
				t.Errorf("ParseDuration(%q) = %v, want an error", in, got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if got := mustDuration(t, "500 ms").Seconds(); got != 0.5 {
		t.Errorf("seconds = %v", got)
	}
}

func mustDuration(t *testing.T, s string) time.Duration {
	t.Helper()
	d, err := ParseDuration(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
