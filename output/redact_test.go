package output

import (
	"bytes"
	"encoding/base64"
	"net/url"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/internal/redact"
)

// Credentials in every form they travel in, as a token endpoint or a
// proxy might echo them into an error that reaches a warning or a finding.
func credentialForms() (forms, leaks []string) {
	const id, secret, token = "6b1c3f0e-2d4a-4e8b", "dose0a9b8c7d/6e5f+4a3b=", "dapi5f2e9c1b7a3d8e6f0c4b2a1d9e8f7c6b"
	redact.Add(token)
	redact.AddBasic(id, secret)
	basic := base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(id) + ":" + url.QueryEscape(secret)))
	rawBasic := base64.StdEncoding.EncodeToString([]byte(id + ":" + secret))
	forms = []string{
		"raw secret " + secret,
		"raw token " + token,
		"Authorization: Basic " + basic,
		"Authorization: Basic " + rawBasic,
		"Authorization: Bearer " + token,
		"client_secret=" + url.QueryEscape(secret),
		"path /" + url.PathEscape(secret),
	}
	leaks = []string{secret, token, basic, rawBasic, url.QueryEscape(secret), url.PathEscape(secret)}
	return forms, leaks
}

func TestEveryFormatRedactsCredentials(t *testing.T) {
	forms, leaks := credentialForms()
	var findings []finding.Finding
	var notices []Notice
	for i, form := range forms {
		f := sample()[1]
		f.Code, f.Rule = "LL901", "small-files"
		f.Message = "live stats say: " + form
		f.Related = []finding.Related{{Message: "related: " + form, Start: f.Start, End: f.End}}
		f.Start.Line, f.End.Line = i+1, i+1
		findings = append(findings, f)
		notices = append(notices, Notice{Message: "live stats unavailable for 1 table: t (" + form + ")"})
	}
	before := findings[0].Message
	for _, format := range Formats() {
		for _, how := range []string{"Write", "Stream"} {
			t.Run(format+" "+how, func(t *testing.T) {
				var out, summary bytes.Buffer
				opts := rooted()
				opts.StepSummary = &summary
				if how == "Write" {
					if err := WriteNotices(&out, format, findings, notices, opts); err != nil {
						t.Fatal(err)
					}
				} else {
					s, err := NewStream(&out, format, opts)
					if err != nil {
						t.Fatal(err)
					}
					if err := s.File(findings); err != nil {
						t.Fatal(err)
					}
					s.Notices(notices)
					if err := s.Close(); err != nil {
						t.Fatal(err)
					}
				}
				for where, text := range map[string]string{"output": out.String(), "step summary": summary.String()} {
					for _, leak := range leaks {
						if strings.Contains(text, leak) {
							t.Errorf("%s shows %q:\n%s", where, leak, text)
						}
					}
				}
				if !strings.Contains(out.String(), redact.Marker) && !strings.Contains(out.String(), "[REDACTED]") {
					t.Errorf("output shows no redaction marker; were the messages printed at all?\n%s", out.String())
				}
			})
		}
	}
	for i := range findings {
		d := ToLSP(&findings[i])
		for _, leak := range leaks {
			if strings.Contains(d.Message, leak) {
				t.Errorf("ToLSP shows %q: %s", leak, d.Message)
			}
		}
	}
	if findings[0].Message != before {
		t.Error("redaction changed the caller's findings")
	}
}
