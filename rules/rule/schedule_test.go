package rule

import "testing"

func TestScheduleEvery(t *testing.T) {
	for runs, want := range map[float64]string{
		288: "every 5 minutes", 1440: "every minute", 24: "every hour", 4: "every 6 hours",
		1: "once a day", 2: "every 12 hours", 0.5: "0.5 times a day", 96: "every 15 minutes", 7: "7 times a day",
	} {
		if got := (&Schedule{RunsPerDay: runs}).Every(); got != want {
			t.Errorf("%g runs a day: %q, want %q", runs, got, want)
		}
	}
	s := &Schedule{RunsPerDay: 288, Job: "job `ingest`", Where: "resources/ingest.yml:12"}
	if got, want := s.Cite(), "runs every 5 minutes (job `ingest`, resources/ingest.yml:12)"; got != want {
		t.Errorf("Cite: %q, want %q", got, want)
	}
}
