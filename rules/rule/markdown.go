package rule

import (
	"fmt"
	"strings"
)

// Markdown renders the documentation the form both `lakelint rule` and
// docs/rules/*.md use.
func (d *Doc) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %s\n\n", d.Code, d.Name)
	fmt.Fprintf(&b, "Default severity: %s.", d.Severity)
	if d.Off {
		b.WriteString(" Not selected by default: enable it with `--extend-select " + d.Code + "`.")
	}
	b.WriteString("\n\n## What it does\n\n" + d.Summary + "\n")
	b.WriteString("\n## Why it matters\n\n" + d.Why + "\n")
	fmt.Fprintf(&b, "\n## Example\n\n```%s\n%s\n```\n", d.Lang, d.Example)
	fmt.Fprintf(&b, "\n## Use instead\n\n```%s\n%s\n```\n", d.Lang, d.Better)
	b.WriteString("\n## Fix safety\n\n")
	if d.Fix == NoFix {
		b.WriteString("No automatic fix.\n")
	} else {
		k := string(d.Fix)
		fmt.Fprintf(&b, "%s fix. %s\n", strings.ToUpper(k[:1])+k[1:], d.FixSafety)
	}
	if len(d.Options) > 0 {
		b.WriteString("\n## Options\n\n")
		for _, o := range d.Options {
			fmt.Fprintf(&b, "- `%s`\n", o)
		}
	}
	return b.String()
}
