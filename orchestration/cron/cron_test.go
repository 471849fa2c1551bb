package cron

import (
	"math"
	"testing"
	"time"

	robfig "github.com/robfig/cron/v3"
)

func TestParse(t *testing.T) {
	const year = 365.25
	tests := []struct {
		expr    string
		dialect Dialect
		perDay  float64
		every   time.Duration
	}{
		{"*/5 * * * *", Unix, 288, 5 * time.Minute},
		{"0 * * * *", Unix, 24, time.Hour},
		{"0 2 * * *", Unix, 1, 24 * time.Hour},
		{"30 1,13 * * *", Unix, 2, 12 * time.Hour},
		{"0 9-17 * * *", Unix, 9, 0}, // office hours: not evenly spaced around the clock
		{"0 6 * * 1-5", Unix, 5.0 / 7, 0},
		{"0 6 * * 0,7", Unix, 1.0 / 7, 0}, // 0 and 7 are both Sunday
		{"0 0 1 * *", Unix, 12 / year, 0},
		{"@hourly", Unix, 24, time.Hour},
		{"@daily", Unix, 1, 24 * time.Hour},
		{"@weekly", Unix, 1.0 / 7, 0},
		{"@monthly", Unix, 12 / year, 0},
		{"@yearly", Unix, 1 / year, 0},
		{"@every 90s", Unix, 960, 90 * time.Second},
		// Quartz: seconds first, ? for the day field not given, 1 = Sunday
		{"0 0/15 * * * ?", Quartz, 96, 15 * time.Minute},
		{"0 */5 * * * ?", Quartz, 288, 5 * time.Minute},
		{"*/30 * * * * ?", Quartz, 2880, 30 * time.Second},
		{"0 0 2 * * ?", Quartz, 1, 24 * time.Hour},
		{"0 0 2 ? * 2-6", Quartz, 5.0 / 7, 0},     // Monday to Friday
		{"0 0 2 ? * MON-FRI", Quartz, 5.0 / 7, 0}, // the same by name
		{"0 0 2 ? * 1", Quartz, 1.0 / 7, 0},       // Sundays
		{"0 0 2 ? * 1,4", Quartz, 2.0 / 7, 0},     // Sunday and Wednesday
		{"0 0 2 ? * WED", Quartz, 1.0 / 7, 0},
		{"0 0 2 * * ? *", Quartz, 1, 24 * time.Hour}, // a year field of *
		{"0 0 12 L * ?", Quartz, 12 / year, 0},       // the last day of each month
		{"0 0 12 L-2 * ?", Quartz, 12 / year, 0},
		{"0 0 12 15W * ?", Quartz, 12 / year, 0}, // the weekday nearest the 15th
		{"0 0 12 LW * ?", Quartz, 12 / year, 0},
		{"0 0 12 ? * 6L", Quartz, 12 / year, 0},        // the last Friday
		{"0 0 12 ? * 2#1", Quartz, 12 / year, 0},       // the first Monday
		{"0 0 12 ? * 2#1,6#3", Quartz, 24 / year, 0},   // first Monday and third Friday
		{"0 0 12 ? * MON#1", Quartz, 12 / year, 0},     // by name
		{"0 0 6,18 L * ?", Quartz, 2 * 12 / year, 0},   // twice on the last day
		{"0 0 0 1 1-6 ?", Quartz, 6 / year, 0},         // months restrict it too
		{"0 0 * ? * 2-6", Quartz, 24 * 5.0 / 7, 0},     // hourly on weekdays
		{"0 30 9 ? * MON,WED,FRI", Quartz, 3.0 / 7, 0}, // WED is a name, not a W form
	}
	for _, tt := range tests {
		f, err := Parse(tt.expr, tt.dialect)
		if err != nil {
			t.Errorf("%q: %v", tt.expr, err)
			continue
		}
		if math.Abs(f.RunsPerDay-tt.perDay) > 0.002*tt.perDay {
			t.Errorf("%q: %.5f runs a day, want %.5f", tt.expr, f.RunsPerDay, tt.perDay)
		}
		if f.Every != tt.every {
			t.Errorf("%q: every %v, want %v", tt.expr, f.Every, tt.every)
		}
	}
}

func TestParseUnknown(t *testing.T) {
	for _, tt := range []struct {
		expr    string
		dialect Dialect
	}{
		{"0 0 2 * * ? 2027", Quartz}, // one year only: no steady rate
		{"0 0 2 * *", Quartz},        // too few fields for Quartz
		{"0 0 2 * * * *", Unix},
		{"* * * *", Unix},
		{"0 0 12 ? * 8", Quartz},
		{"0 0 12 ? * 2#6", Quartz},
		{"0 0 12 32W * ?", Quartz},
		{"0 61 * * * ?", Quartz},
		{"@fortnightly", Unix},
		{"@every soon", Unix},
		{"", Unix},
	} {
		if f, err := Parse(tt.expr, tt.dialect); err == nil {
			t.Errorf("%q: %+v, want an error", tt.expr, f)
		}
	}
}

// TestAgreesWithNext checks the counting against robfig's own fire times
// over 28 years, for expressions robfig reads itself.
func TestAgreesWithNext(t *testing.T) {
	parser := robfig.NewParser(robfig.Second | robfig.Minute | robfig.Hour | robfig.Dom | robfig.Month | robfig.Dow)
	for _, expr := range []string{"0 0 */6 * * *", "0 15 3 1,15 * *", "0 0 12 * 2 1", "0 0 8 13 * 5", "0 0 1 29 2 *"} {
		s, err := parser.Parse(expr)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Date(2029, 1, 1, 0, 0, 0, 0, time.UTC)
		end := start.AddDate(28, 0, 0)
		n := 0
		for at := s.Next(start.Add(-time.Second)); at.Before(end); at = s.Next(at) {
			n++
		}
		want := float64(n) / end.Sub(start).Hours() * 24
		// robfig's six fields are Unix-numbered: Parse them as Unix with seconds
		f, err := Parse(expr, Unix)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(f.RunsPerDay-want) > 1e-9 {
			t.Errorf("%q: %.6f, robfig's fire times give %.6f", expr, f.RunsPerDay, want)
		}
	}
}

func TestQuartzDays(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		field string
		read  func(string) (func(time.Time) bool, error)
		yes   []time.Time
		no    []time.Time
	}{
		// 2029-09-15 is a Saturday: the nearest weekday is Friday the 14th
		{"15W", domSpecial, []time.Time{day(2029, 9, 14)}, []time.Time{day(2029, 9, 15), day(2029, 9, 17)}},
		// 2029-04-01 is a Sunday: 1W is Monday the 2nd; 2029-09-01 a Saturday: 1W is Monday the 3rd
		{"1W", domSpecial, []time.Time{day(2029, 4, 2), day(2029, 9, 3)}, []time.Time{day(2029, 4, 1), day(2029, 8, 31)}},
		// 2029-09-30 is a Sunday: LW is Friday the 28th
		{"LW", domSpecial, []time.Time{day(2029, 9, 28)}, []time.Time{day(2029, 9, 30)}},
		{"L-2", domSpecial, []time.Time{day(2028, 2, 27), day(2029, 2, 26)}, []time.Time{day(2029, 2, 27)}},
		{"6L", dowSpecial, []time.Time{day(2029, 8, 31)}, []time.Time{day(2029, 8, 24)}},                  // last Friday
		{"2#2", dowSpecial, []time.Time{day(2029, 1, 8)}, []time.Time{day(2029, 1, 1), day(2029, 1, 15)}}, // second Monday
	}
	for _, tt := range tests {
		m, err := tt.read(tt.field)
		if err != nil {
			t.Fatalf("%s: %v", tt.field, err)
		}
		for _, d := range tt.yes {
			if !m(d) {
				t.Errorf("%s does not match %s", tt.field, d.Format("Mon 2006-01-02"))
			}
		}
		for _, d := range tt.no {
			if m(d) {
				t.Errorf("%s matches %s", tt.field, d.Format("Mon 2006-01-02"))
			}
		}
	}
}

// TestEveryDayNeedsNoCount gives a schedule that fires every day the
// frequency counting its days gives, without counting them.
func TestEveryDayNeedsNoCount(t *testing.T) {
	for _, expr := range []string{"*/5 * * * *", "0 2 * * *", "15,45 8-18 * * *", "0 */3 * * *"} {
		spec, err := fiveFields.Parse(expr)
		if err != nil {
			t.Fatal(err)
		}
		s := spec.(*robfig.SpecSchedule)
		s.Second = 1 // second 0
		got := count(s, nil, nil)
		want := countDays(s, nil, nil, bits(s.Minute, 60)*bits(s.Hour, 24))
		want.Every = constantStep(s)
		if got != want {
			t.Errorf("%s: %+v, counting the days gives %+v", expr, got, want)
		}
	}
	// a day field that is not `*` is counted: the 1st and the 15th
	if f, err := Parse("0 0 1,15 * *", Unix); err != nil || f.RunsPerDay >= 1 || f.RunsPerDay <= 0 {
		t.Errorf("0 0 1,15 * *: %+v, %v", f, err)
	}
}
