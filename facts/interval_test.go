package facts

import "testing"

// TestIntervalSpellings follows Spark's interval grammar: whole unit words,
// singular or plural, any case, an optional "interval" prefix, several
// groups; abbreviations, glued units, months and negative totals refused.
func TestIntervalSpellings(t *testing.T) {
	ok := map[string]float64{
		"10 seconds": 10, "10 second": 10, "1 minute": 60, "2 hours": 7200, "500 milliseconds": 0.5,
		"interval 5 minutes": 300, "INTERVAL 1 HOUR 30 MINUTES": 5400, "  30   Seconds ": 30,
		"250000 microseconds": 0.25, "1 week": 604800, "0.5 seconds": 0.5, "+10 seconds": 10,
		"1 minute -30 seconds": 30,
	}
	for s, want := range ok {
		if got, parsed := IntervalSeconds(s); !parsed || got != want {
			t.Errorf("%q: %v %v, want %v", s, got, parsed, want)
		}
	}
	for _, s := range []string{"10 s", "10sec", "10s", "10 sec", "5 min", "5 mins", "1 h", "10seconds",
		"1 month", "2 years", "-5 seconds", "1.5 minutes", "seconds", "10 secondss", "interval"} {
		if got, parsed := IntervalSeconds(s); parsed {
			t.Errorf("%q parsed as %v; Spark refuses it", s, got)
		}
	}
}

func TestIntervalSecondsEdges(t *testing.T) {
	for s, want := range map[string]float64{"0 seconds": 0, "1.5 seconds": 1.5, "1 day": 86400, "2 weeks": 1209600} {
		if got, ok := IntervalSeconds(s); !ok || got != want {
			t.Errorf("%q: %v %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "soon", "5", "5 parsecs", "interval", "1.5 hours"} {
		if _, ok := IntervalSeconds(s); ok {
			t.Errorf("%q parsed", s)
		}
	}
}
