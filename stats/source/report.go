package source

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/lakelint/lakelint/internal/redact"
	"github.com/lakelint/lakelint/stats/databricks"
	"github.com/lakelint/lakelint/stats/deltalog"
)

// failure is a table whose configured source did not deliver.
type failure struct {
	label  string
	reason string
}

// maxNamesPerReason keeps a summary short when many tables fail alike
// (an expired token fails them all).
const maxNamesPerReason = 5

// summarize describes failures in one line, tables that failed for the same
// reason together: "3 tables: main.a, main.b (401 unauthorized: ...), main.c (...)".
func summarize(fs []failure) string {
	byReason := map[string][]string{}
	for _, f := range fs {
		byReason[f.reason] = append(byReason[f.reason], f.label)
	}
	type group struct {
		reason string
		labels []string
	}
	groups := make([]group, 0, len(byReason))
	for r, ls := range byReason {
		sort.Strings(ls)
		groups = append(groups, group{r, ls})
	}
	slices.SortFunc(groups, func(a, b group) int {
		return cmp.Or(strings.Compare(a.labels[0], b.labels[0]), strings.Compare(a.reason, b.reason))
	})

	var b strings.Builder
	if len(fs) == 1 {
		b.WriteString("1 table: ")
	} else {
		fmt.Fprintf(&b, "%d tables: ", len(fs))
	}
	for i, g := range groups {
		if i > 0 {
			b.WriteString(", ")
		}
		shown := g.labels[:min(len(g.labels), maxNamesPerReason)]
		b.WriteString(strings.Join(shown, ", "))
		if more := len(g.labels) - len(shown); more > 0 {
			fmt.Fprintf(&b, " and %d more", more)
		}
		b.WriteString(" (" + g.reason + ")")
	}
	return b.String()
}

// reason says briefly why a fetch failed. Workspace errors name the HTTP
// status the way people search for it. It is where a fetch's error text,
// which may quote what a server echoed, becomes lakelint's own: every
// credential is removed here.
func reason(r *request, err error) string {
	return redact.String(describe(r, err))
}

func describe(r *request, err error) string {
	var api *databricks.APIError
	if errors.As(err, &api) {
		s := fmt.Sprintf("%d %s", api.StatusCode, strings.ToLower(http.StatusText(api.StatusCode)))
		if msg := firstNonEmpty(api.Message, api.ErrorCode); msg != "" {
			s += ": " + strings.TrimSuffix(msg, ".")
		}
		if api.Hint != "" {
			s += "; " + api.Hint
		}
		return s
	}
	if errors.Is(err, deltalog.ErrNotDelta) && r.kind == fromLog {
		return "no Delta log at " + r.location
	}
	return err.Error()
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
