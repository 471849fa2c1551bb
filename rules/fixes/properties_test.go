package fixes_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/ll301"
	"github.com/lakelint/lakelint/rules/rule"
)

// Each kind of definition gets the fix that is right for it, with its own
// applicability, or a reason for none that the fix run shows.
func TestPropertyFixPerDefinition(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".lakelint.yaml", "platform: oss\n") // every new Delta table is reported
	write(t, dir, "tables.sql", `CREATE TABLE s.managed (id BIGINT) USING DELTA;
CREATE TABLE s.external (id BIGINT) USING DELTA LOCATION '/lake/external';
CREATE TABLE s.listed (id BIGINT) USING DELTA LOCATION '/lake/listed' TBLPROPERTIES ('delta.appendOnly' = 'false');
CREATE TABLE s.loaded USING DELTA LOCATION '/lake/loaded' AS SELECT 1 AS id;
`)
	write(t, dir, "job.py", `from delta.tables import DeltaTable
spark.sql("CREATE TABLE s.embedded (id BIGINT) USING DELTA LOCATION '/lake/embedded'")
DeltaTable.create(spark).tableName("s.built").addColumn("id", "BIGINT").location("/lake/built").execute()
`)
	type want struct {
		app   finding.Applicability // "" for no fix
		title string                // in the fix's title
		noFix string                // in Finding.NoFix
	}
	wants := map[string]want{
		"s.managed":  {app: finding.Safe, title: "Add "},
		"s.loaded":   {app: finding.Safe, title: "Add "},
		"s.external": {app: finding.Unsafe, title: "with an ALTER TABLE after the CREATE"},
		"s.listed":   {noFix: "exactly the table's"},
		"s.embedded": {noFix: "a spark.sql string, which runs one statement"},
		"s.built":    {noFix: "after the builder runs"},
	}
	l := linter(t, config.Selection{Select: []string{"LL301"}})
	res, err := l.Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range res.Findings {
		name := strings.Fields(strings.TrimPrefix(f.Message, "Delta table "))[0]
		w, ok := wants[name]
		if !ok {
			t.Errorf("unexpected finding: %s", f.Message)
			continue
		}
		seen[name] = true
		switch {
		case w.app == "" && len(f.Fixes) > 0:
			t.Errorf("%s: want no fix, got %+v", name, f.Fixes)
		case w.app != "" && (len(f.Fixes) != 1 || f.Fixes[0].Applicability != w.app || !strings.Contains(f.Fixes[0].Title, w.title)):
			t.Errorf("%s: want one %s fix %q, got %+v", name, w.app, w.title, f.Fixes)
		}
		if !strings.Contains(f.NoFix, w.noFix) || w.noFix == "" && f.NoFix != "" {
			t.Errorf("%s: NoFix = %q, want it to say %q", name, f.NoFix, w.noFix)
		}
	}
	for name := range wants {
		if !seen[name] {
			t.Errorf("%s: not reported", name)
		}
	}

	// a safe fix run applies the safe fixes only, and says why the others are not offered
	fixed, err := l.Fix(context.Background(), []string{dir}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range fixed.Changes {
		if strings.Contains(string(c.New), "ALTER TABLE") {
			t.Errorf("a safe fix run added an ALTER TABLE:\n%s", c.New)
		}
	}
	var notes []string
	for _, n := range fixed.Remaining.Notes {
		notes = append(notes, n.String())
	}
	all := strings.Join(notes, "\n")
	if !strings.Contains(all, "LL301 fix at line 2 not offered: the table may already be at its location") {
		t.Errorf("no note for the spark.sql string:\n%s", all)
	}
}

// The configuration's extend-safe-fixes turns each unsafe fix safe, as it
// does a rule's.
func TestPropertyFixSafetyFollowsConfig(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, ".lakelint.yaml", "platform: oss\nextend-safe-fixes: [LL301]\n")
	write(t, dir, "tables.sql", "CREATE TABLE s.external (id BIGINT) USING DELTA LOCATION '/lake/external';\n")
	l := linter(t, config.Selection{Select: []string{"LL301"}})
	res, err := l.Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 || !res.Findings[0].HasFix(finding.Safe) {
		t.Fatalf("want the ALTER fix made safe: %+v", res.Findings)
	}
}

func linter(t *testing.T, sel config.Selection) *engine.Linter {
	t.Helper()
	configs, err := config.NewResolver(config.ResolverOptions{CommandLine: sel})
	if err != nil {
		t.Fatal(err)
	}
	return engine.New(configs, engine.Options{Rules: []*rule.Rule{ll301.Rule}})
}

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
