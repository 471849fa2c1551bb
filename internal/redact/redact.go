// Package redact keeps credentials out of what lakelint prints. Code that
// holds a credential registers it once; String then removes it, in every
// form it is likely to travel in, from any text: error messages that echo
// a request, warnings, findings and the output formats that print them.
//
// The set is per process and only grows: a credential seen once is never
// printed for the rest of the run.
package redact

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"sync"
)

// Marker replaces a credential.
const Marker = "[REDACTED]"

// minLength is the shortest text redacted: shorter strings cannot be told
// apart from ordinary words, and no credential lakelint handles is that short.
const minLength = 8

var (
	mu    sync.RWMutex
	forms []string // longest first, so a longer form is replaced before a part of it
	known = map[string]bool{}
)

// Add registers credentials (tokens, secrets). Empty and very short values
// are ignored.
func Add(secrets ...string) {
	var add []string
	for _, s := range secrets {
		add = append(add, encodings(s)...)
	}
	register(add)
}

// AddBasic registers what an HTTP Basic Authorization header carries for
// a user (or OAuth client ID) and secret: base64 of "user:secret", raw and
// with each part URL-encoded as OAuth clients send them, besides the
// secret itself.
func AddBasic(user, secret string) {
	if secret == "" {
		return
	}
	var add []string
	add = append(add, encodings(secret)...)
	for _, pair := range []string{user + ":" + secret, url.QueryEscape(user) + ":" + url.QueryEscape(secret)} {
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			add = append(add, encodings(enc.EncodeToString([]byte(pair)))...)
		}
	}
	register(add)
}

// encodings returns s as it may appear in text: raw, URL-encoded (query
// and path), and escaped inside a JSON string (as Go and as servers that
// escape "/" write it).
func encodings(s string) []string {
	if len(s) < minLength {
		return nil
	}
	out := []string{s, url.QueryEscape(s), url.PathEscape(s), strings.ReplaceAll(s, "/", `\/`)}
	if b, err := json.Marshal(s); err == nil {
		inJSON := string(b[1 : len(b)-1])
		out = append(out, inJSON, strings.ReplaceAll(inJSON, "/", `\/`))
	}
	return out
}

func register(add []string) {
	mu.Lock()
	defer mu.Unlock()
	changed := false
	for _, f := range add {
		if len(f) >= minLength && !known[f] {
			known[f] = true
			forms = append(forms, f)
			changed = true
		}
	}
	if changed {
		slices.SortStableFunc(forms, func(a, b string) int { return len(b) - len(a) })
	}
}

// String returns s with every registered credential replaced by Marker.
func String(s string) string {
	mu.RLock()
	defer mu.RUnlock()
	for _, f := range forms {
		if strings.Contains(s, f) {
			s = strings.ReplaceAll(s, f, Marker)
		}
	}
	return s
}

// Active reports whether any credential is registered, so callers can skip
// copying what String would leave unchanged.
func Active() bool {
	mu.RLock()
	defer mu.RUnlock()
	return len(forms) > 0
}
