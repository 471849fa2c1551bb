//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The cases of a `check --fix --unsafe-fixes` run over public Spark code that
// once damaged files or misled: each must now leave the file as it was, or
// be written the way the user expects, with a message where a fix is held back.

func writeFile(t *testing.T, dir, name, src string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFixLeavesForeignOrBrokenSQLAlone(t *testing.T) {
	for name, src := range map[string]string{
		"clone_before.sql":  "CREATE TABLE main.s.copy SHALLOW CLONE main.s.src;\n",
		"clone_after.sql":   "CREATE TABLE main.s.copy DEEP CLONE main.s.src LOCATION '/mnt/copy';\n",
		"bigquery.sql":      "CREATE OR REPLACE TABLE taxi-rides-ny.nytaxi.trips AS SELECT * FROM src;\n",
		"hive.sql":          "CREATE TABLE h (a INT) USING DELTA ROW FORMAT DELIMITED FIELDS TERMINATED BY ',' NULL DEFINED AS '' STORED AS TEXTFILE;\n",
		"mysql.sql":         "CREATE TABLE m (id INT NOT NULL AUTO_INCREMENT, PRIMARY KEY (id)) ENGINE=InnoDB DEFAULT CHARSET=utf8;\n",
		"tsql.sql":          "CREATE TABLE [dbo].[t] ([id] INT NOT NULL) ON [PRIMARY];\n",
		"tsql_with.sql":     "CREATE TABLE dbo.t (id INT IDENTITY(1,1) PRIMARY KEY) WITH (DISTRIBUTION = HASH(id));\n",
		"tsql_on.sql":       "CREATE TABLE dbo.t2 (id INT) ON [PRIMARY] GO\n",
		"unclosed.sql":      "CREATE TABLE t (id INT USING DELTA\n",
		"unterminated.sql":  "CREATE TABLE t (id INT) USING DELTA COMMENT 'the comment never ends\n",
		"unclosed_embed.py": "spark.sql(\"CREATE TABLE t (id INT USING DELTA\")\n",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, ".lakelint.yaml", "platform: oss\nextend-select: [LL301]\n") // LL301 reports every new Delta table there
			p := writeFile(t, dir, name, src)
			for run := 0; run < 2; run++ {
				_, _, _ = runCLI(t, "", "check", "--fix", "--unsafe-fixes", p)
				if got, _ := os.ReadFile(p); string(got) != src {
					t.Fatalf("run %d changed the file:\n%s", run+1, got)
				}
			}
			// a SQL fix the checks hold back says so (LL301 itself offers
			// none on an unclosed parenthesis)
			if name == "unterminated.sql" {
				_, errOut, _ := runCLI(t, "", "check", "--fix", p)
				if !strings.Contains(errOut, "not offered") {
					t.Errorf("no message about the fix held back:\n%s", errOut)
				}
			}
		})
	}
}

func TestFixWritesFilesAsTheyAre(t *testing.T) {
	const src = "CREATE TABLE s.t (id INT) USING DELTA;\n"
	fixed := func(t *testing.T, p string) bool {
		got, _ := os.ReadFile(p)
		return strings.Contains(string(got), "TBLPROPERTIES")
	}
	t.Run("read-only", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, dir, ".lakelint.yaml", "platform: oss\nextend-select: [LL301]\n") // LL301 reports every new Delta table there
		p := writeFile(t, dir, "ro.sql", src)
		other := writeFile(t, dir, "other.sql", src)
		os.Chmod(p, 0o444)
		_, errOut, code := runCLI(t, "", "check", "--fix", dir)
		if got, _ := os.ReadFile(p); string(got) != src {
			t.Errorf("a read-only file was rewritten:\n%s", got)
		}
		if info, _ := os.Stat(p); info.Mode().Perm() != 0o444 {
			t.Errorf("mode now %v", info.Mode())
		}
		if !strings.Contains(errOut, "read-only") || code != exitError {
			t.Errorf("exit %d, stderr:\n%s", code, errOut)
		}
		if !fixed(t, other) {
			t.Error("one failed file stopped the others")
		}
	})
	t.Run("symlink", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, dir, ".lakelint.yaml", "platform: oss\nextend-select: [LL301]\n") // LL301 reports every new Delta table there
		target := writeFile(t, dir, "target.sql", src)
		link := filepath.Join(dir, "link.sql")
		if err := os.Symlink(target, link); err != nil {
			t.Skip(err)
		}
		runCLI(t, "", "check", "--fix", link)
		if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the symlink was replaced: %v %v", info.Mode(), err)
		}
		if !fixed(t, target) {
			t.Error("the link's target was not fixed")
		}
	})
	t.Run("hard link, owner and mode", func(t *testing.T) {
		dir := t.TempDir()
		writeFile(t, dir, ".lakelint.yaml", "platform: oss\nextend-select: [LL301]\n") // LL301 reports every new Delta table there
		p := writeFile(t, dir, "a.sql", src)
		twin := filepath.Join(dir, "twin", "b.sql")
		os.MkdirAll(filepath.Dir(twin), 0o755)
		if err := os.Link(p, twin); err != nil {
			t.Skip(err)
		}
		os.Chmod(p, 0o640)
		root := os.Geteuid() == 0
		if root {
			if err := os.Chown(p, 1234, 4321); err != nil {
				t.Fatal(err)
			}
		}
		runCLI(t, "", "check", "--fix", p)
		if !fixed(t, p) || !fixed(t, twin) {
			t.Error("the hard link does not see the fix")
		}
		a, _ := os.Stat(p)
		b, _ := os.Stat(twin)
		if !os.SameFile(a, b) {
			t.Error("the hard link was broken")
		}
		if a.Mode().Perm() != 0o640 {
			t.Errorf("mode now %v", a.Mode())
		}
		if st, ok := a.Sys().(*syscall.Stat_t); ok && root && (st.Uid != 1234 || st.Gid != 4321) {
			t.Errorf("owner now %d:%d", st.Uid, st.Gid)
		}
	})
}

// Fixing a notebook's table at a LOCATION (an ALTER TABLE after its CREATE,
// an unsafe fix) turns optimized writes on for the path another job writes
// after a repartition: that job's LL101, which check did not report, is
// fixed in the same run, so a second run changes nothing.
func TestFixAppliesWhatItsFixesBringAbout(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".lakelint.yaml", "platform: oss\nextend-select: [LL301]\n") // LL301 reports every new Delta table there
	nb := writeFile(t, dir, "nb.py", `# Databricks notebook source
events = spark.readStream.table("main.raw.events")
events.writeStream.trigger(availableNow=True).toTable("s.clicks")

# COMMAND ----------

# MAGIC %sql
# MAGIC CREATE TABLE s.clicks (id BIGINT) USING DELTA LOCATION '/lake/clicks'
`)
	jp := writeFile(t, dir, "job.py", "df = spark.read.table(\"main.raw.x\")\ndf.repartition(8).write.format(\"delta\").mode(\"append\").save(\"/lake/clicks\")\n")
	out, _, _ := runCLI(t, "", "check", dir)
	if strings.Contains(out, "LL101") || !strings.Contains(out, "LL301") || !strings.Contains(out, "LL302") {
		t.Fatalf("the case is not set up:\n%s", out)
	}
	_, errOut, _ := runCLI(t, "", "check", "--fix", "--unsafe-fixes", dir)
	fixedNb, _ := os.ReadFile(nb)
	fixedJob, _ := os.ReadFile(jp)
	if !strings.Contains(string(fixedNb), "# MAGIC ALTER TABLE s.clicks SET TBLPROPERTIES") || strings.Contains(string(fixedJob), "repartition") {
		t.Fatalf("want the ALTER and the LL101 fix in one run:\n%s\n%s\n%s", fixedNb, fixedJob, errOut)
	}
	if !strings.Contains(errOut, "appeared or became fixable only after other fixes and were fixed too") {
		t.Errorf("the fix check never showed is not mentioned:\n%s", errOut)
	}
	out, errOut, _ = runCLI(t, "", "check", "--fix", "--unsafe-fixes", dir)
	again, _ := os.ReadFile(nb)
	againJob, _ := os.ReadFile(jp)
	if string(again) != string(fixedNb) || string(againJob) != string(fixedJob) {
		t.Errorf("a second run changes the files:\n%s\n%s\n%s%s", again, againJob, out, errOut)
	}
}

// Every file's warning is printed in a multi-file run.
func TestFixWarningsOfEveryFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".lakelint.yaml", "platform: oss\nextend-select: [LL301]\n") // LL301 reports every new Delta table there
	writeFile(t, dir, "a.sql", "CREATE TABLE a (id INT) USING DELTA;\nCREATE TABLE b (id INT) USING DELTA COMMENT 'a' COMMENT 'b';\n")
	writeFile(t, dir, "b.sql", "CREATE TABLE c (id INT) USING DELTA;\nCREATE TABLE d (id INT) USING DELTA COMMENT 'x\n")
	_, errOut, _ := runCLI(t, "", "check", "--fix", dir)
	for _, name := range []string{"a.sql", "b.sql"} {
		if !strings.Contains(errOut, name+": LL301 fix at line 2") {
			t.Errorf("no warning for %s:\n%s", name, errOut)
		}
	}
}

// A config error prints the error and nothing else.
func TestConfigErrorPrintsOnlyTheError(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".lakelint.yaml", "platform: oss\nextend-select: [LL301]\n") // LL301 reports every new Delta table there
	writeFile(t, dir, ".lakelint.yaml", "selec: [LL1]\n")
	writeFile(t, dir, "job.py", "x = 1\n")
	for _, args := range [][]string{{"check", dir}, {"check", "--fix", dir}, {"check", "--output-format", "json", dir}} {
		out, errOut, code := runCLI(t, "", args...)
		if code != exitError || strings.Contains(out, "All checks passed") || strings.TrimSpace(out) != "" {
			t.Errorf("%v: exit %d, stdout %q", args, code, out)
		}
		if !strings.Contains(errOut, "unknown key") {
			t.Errorf("%v: stderr %q", args, errOut)
		}
	}
}
