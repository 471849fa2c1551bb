package ledger

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sample is a small project's ledger: two tables with writers and findings.
func sample() *Ledger {
	f := func(v float64) *float64 { return &v }
	return &Ledger{Tables: []*Table{
		{Name: "main.web.clicks", DefinedAt: []string{"sql/tables.sql:1"}, Format: "delta",
			Writers: []Writer{
				{At: "streaming/clicks.py:9", API: "DataStreamWriter", Sink: "toTable", Stream: true, Frequency: "a trigger of 10 seconds", RunsPerDay: f(8640), FilesPerRun: 4, FilesPerDay: f(34560)},
				{At: "jobs/backfill.py:3", API: "DataFrameWriter", Sink: "saveAsTable", Mode: "append"},
			},
			Findings:    []Finding{{At: "streaming/clicks.py:9", Code: "LL406", Severity: "warning", Message: "never compacted"}},
			FilesPerDay: f(34560)},
		{Name: "main.sales.orders", Format: "delta", Partitioning: []string{"order_date"},
			Writers: []Writer{{At: "jobs/orders.py:12", API: "DataFrameWriter", Sink: "saveAsTable", Mode: "append"}}},
		{Location: "/mnt/exports/a", Format: "parquet",
			Writers: []Writer{{At: "jobs/export.py:4", API: "DataFrameWriter", Sink: "parquet"}, {At: "jobs/export.py:8", API: "DataFrameWriter", Sink: "parquet"}, {At: "jobs/export.py:9", API: "DataFrameWriter", Sink: "parquet"}}},
	}}
}

// TestHTMLInBrowser opens the page in headless Chromium and drives it over
// the DevTools protocol on a pipe: the rows are there, a header click
// sorts, a row click shows that table's writers and findings.
func TestHTMLInBrowser(t *testing.T) {
	bin := chromium()
	if bin == "" {
		t.Skip("no chromium binary (install the chromium package): the page is not tested in a browser")
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "tables.html")
	out, err := os.Create(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := sample().WriteHTML(out, "tables"); err != nil {
		t.Fatal(err)
	}
	out.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	b := startBrowser(ctx, t, bin, dir, "file://"+page)
	b.waitReady(ctx, t)

	rows := b.eval(ctx, t, `Array.from(document.querySelectorAll("#tables tbody tr")).map(r => r.dataset.name).join("|")`)
	if rows != "main.web.clicks|main.sales.orders|/mnt/exports/a" {
		t.Fatalf("rows = %q", rows)
	}
	if n := b.eval(ctx, t, `String(document.querySelectorAll("#chart rect.writes").length)`); n != "3" {
		t.Errorf("chart bars = %s, want 3", n)
	}
	sorted := b.eval(ctx, t, `document.querySelector('th[data-key=name]').click();
		Array.from(document.querySelectorAll("#tables tbody tr")).map(r => r.dataset.name).join("|")`)
	if sorted != "/mnt/exports/a|main.sales.orders|main.web.clicks" {
		t.Errorf("sorted by name = %q", sorted)
	}
	sorted = b.eval(ctx, t, `document.querySelector('th[data-key=writers]').click(); document.querySelector('th[data-key=writers]').click();
		Array.from(document.querySelectorAll("#tables tbody tr")).map(r => r.dataset.name).join("|") + " " + document.querySelector('th[data-key=writers]').getAttribute("aria-sort")`)
	if sorted != "/mnt/exports/a|main.web.clicks|main.sales.orders descending" {
		t.Errorf("sorted by writers, descending = %q", sorted)
	}
	if hidden := b.eval(ctx, t, `String(document.getElementById("detail").hidden)`); hidden != "true" {
		t.Errorf("detail shown before a click")
	}
	detail := b.eval(ctx, t, `document.querySelector('#tables tbody tr[data-name="main.web.clicks"]').click();
		document.getElementById("detail-name").textContent + "\n" +
		Array.from(document.querySelectorAll("#detail-writers li")).map(l => l.textContent).join("\n") + "\n" +
		Array.from(document.querySelectorAll("#detail-findings li")).map(l => l.textContent).join("\n")`)
	want := "main.web.clicks\n" +
		"streaming/clicks.py:9 DataStreamWriter.toTable; a trigger of 10 seconds (8,640 runs a day); ~34,560 files a day\n" +
		"jobs/backfill.py:3 DataFrameWriter.saveAsTable mode append\n" +
		"LL406 warning streaming/clicks.py:9: never compacted"
	if detail != want {
		t.Errorf("detail after a click:\n%s\nwant:\n%s", detail, want)
	}
}

// chromium is the path of a Chromium binary, "" when there is none.
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	return ""
}

// browser is a headless Chromium driven over --remote-debugging-pipe:
// it reads commands on its fd 3 and answers on fd 4, each message JSON
// ended by a NUL byte.
type browser struct {
	in      *os.File
	out     *bufio.Reader
	session string
	id      int
}

func startBrowser(ctx context.Context, t *testing.T, bin, dir, url string) *browser {
	t.Helper()
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	resR, resW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// the profile lives outside the test's directory: the browser's helper
	// processes may still write to it for a moment after the browser is
	// killed, which would fail the test's own clean-up
	profile, err := os.MkdirTemp("", "lakelint-browser-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--no-first-run", "--user-data-dir="+profile, "--remote-debugging-pipe", url)
	cmd.ExtraFiles = []*os.File{cmdR, resW}
	cmd.Dir = dir // whatever the browser leaves behind stays in the test's directory
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	cmdR.Close()
	resW.Close()
	t.Cleanup(func() {
		cmdW.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		resR.Close()
		for range 20 { // helper processes exit soon after the browser
			if os.RemoveAll(profile) == nil {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	b := &browser{in: cmdW, out: bufio.NewReader(resR)}
	var targets struct {
		TargetInfos []struct{ TargetID, Type string } `json:"targetInfos"`
	}
	for len(targets.TargetInfos) == 0 || targets.TargetInfos[0].Type != "page" {
		if ctx.Err() != nil {
			t.Fatal("no page target in the browser")
		}
		b.call(ctx, t, "", "Target.getTargets", map[string]any{}, &targets)
		kept := targets.TargetInfos[:0]
		for _, ti := range targets.TargetInfos {
			if ti.Type == "page" {
				kept = append(kept, ti)
			}
		}
		targets.TargetInfos = kept
		if len(kept) == 0 {
			time.Sleep(50 * time.Millisecond)
		}
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	b.call(ctx, t, "", "Target.attachToTarget", map[string]any{"targetId": targets.TargetInfos[0].TargetID, "flatten": true}, &attached)
	b.session = attached.SessionID
	return b
}

// call sends a command and decodes its result, skipping events.
func (b *browser) call(ctx context.Context, t *testing.T, session, method string, params any, result any) {
	t.Helper()
	b.id++
	msg := map[string]any{"id": b.id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	data, _ := json.Marshal(msg)
	if _, err := b.in.Write(append(data, 0)); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	for ctx.Err() == nil {
		line, err := b.out.ReadBytes(0)
		if err != nil {
			t.Fatalf("%s: reading the answer: %v", method, err)
		}
		var reply struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct{ Message string }
		}
		if err := json.Unmarshal(line[:len(line)-1], &reply); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		if reply.ID != b.id {
			continue // an event, or another answer
		}
		if reply.Error != nil {
			t.Fatalf("%s: %s", method, reply.Error.Message)
		}
		if err := json.Unmarshal(reply.Result, result); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		return
	}
	t.Fatalf("%s: %v", method, ctx.Err())
}

// eval evaluates a script in the page and returns its string result.
func (b *browser) eval(ctx context.Context, t *testing.T, expr string) string {
	t.Helper()
	var res struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	b.call(ctx, t, b.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res)
	if e := res.ExceptionDetails; e != nil {
		t.Fatalf("script failed: %s %s", e.Text, e.Exception.Description)
	}
	return fmt.Sprint(res.Result.Value)
}

// waitReady waits until the page's script has drawn the ledger.
func (b *browser) waitReady(ctx context.Context, t *testing.T) {
	t.Helper()
	for ctx.Err() == nil {
		if strings.TrimSpace(b.eval(ctx, t, `String(document.body && document.body.getAttribute("data-ready"))`)) == "1" {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the page never became ready")
}
