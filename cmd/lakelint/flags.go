package main

import (
	"flag"
	"strings"

	"github.com/lakelint/lakelint/config"
)

// listFlag collects comma-separated values from a repeatable flag.
type listFlag []string

// platformFlag is --platform; the resolver checks its value.
type platformFlag config.Platform

func (p *platformFlag) String() string { return string(*p) }

func (p *platformFlag) Set(v string) error {
	*p = platformFlag(strings.ToLower(strings.TrimSpace(v)))
	return nil
}

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

// parseInterspersed parses flags that may come after positional arguments
// ("lakelint check src --select LL101"), as users expect from ruff.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		if args[0] == "--" {
			return append(positional, args[1:]...), nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}
