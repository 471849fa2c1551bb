package redact

import (
	"encoding/base64"
	"net/url"
	"strings"
	"testing"
)

func TestStringRemovesEveryForm(t *testing.T) {
	const id, secret, token = "client-7f3e", "s3cr/t+value=with&chars", "dapi9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4"
	Add(token)
	AddBasic(id, secret)
	forms := map[string]string{
		"raw secret":      secret,
		"raw token":       token,
		"bearer":          "Authorization: Bearer " + token,
		"basic":           "Basic " + base64.StdEncoding.EncodeToString([]byte(id+":"+secret)),
		"basic, escaped":  "Basic " + base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(id)+":"+url.QueryEscape(secret))),
		"query-escaped":   "client_secret=" + url.QueryEscape(secret),
		"path-escaped":    "/x/" + url.PathEscape(secret),
		"json-escaped":    `{"s":"` + strings.ReplaceAll(strings.ReplaceAll(secret, "/", `\/`), "&", `\u0026`) + `"}`,
		"slash-escaped":   strings.ReplaceAll(secret, "/", `\/`),
		"url-safe base64": base64.RawURLEncoding.EncodeToString([]byte(id + ":" + secret)),
	}
	for name, text := range forms {
		got := String("before " + text + " after")
		for _, leak := range []string{secret, token, url.QueryEscape(secret), base64.StdEncoding.EncodeToString([]byte(id + ":" + secret))} {
			if strings.Contains(got, leak) {
				t.Errorf("%s: %q still shows %q", name, got, leak)
			}
		}
		if !strings.Contains(got, Marker) || !strings.HasPrefix(got, "before ") || !strings.HasSuffix(got, " after") {
			t.Errorf("%s: %q, want the credential replaced by %s and the rest kept", name, got, Marker)
		}
	}
	if got := String("nothing secret here"); got != "nothing secret here" {
		t.Errorf("ordinary text changed: %q", got)
	}
}

func TestShortValuesAreNotRegistered(t *testing.T) {
	Add("abc", "")
	if got := String("abc abc"); got != "abc abc" {
		t.Errorf("a three-letter value was redacted: %q", got)
	}
}
