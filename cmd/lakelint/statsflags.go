package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/stats/source"
)

// statsOptions are the check command's say over live table stats.
type statsOptions struct {
	file            string
	require         bool
	off             bool
	allowConfigHost bool
}

// allowConfigHostUsage is the help of --allow-config-host, for check and stats.
const allowConfigHostUsage = "send Databricks credentials to the workspace stats.databricks.host names even when it is not " +
	"the credentials' own (DATABRICKS_HOST, or the profile's host); a config file can never allow this itself"

func addStatsFlags(fs *flag.FlagSet, o *statsOptions) {
	fs.StringVar(&o.file, "stats-file", "", "read live table stats from this snapshot (made by `lakelint stats export`) instead of the config's stats.file")
	fs.BoolVar(&o.require, "require-stats", false, "fail when live table stats cannot be had for a table that has a stats source")
	fs.BoolVar(&o.off, "no-stats", false, "do not read live table stats at all")
	fs.BoolVar(&o.allowConfigHost, "allow-config-host", false, allowConfigHostUsage)
}

// attach returns the engine's hook that attaches live stats, nil with
// --no-stats. One attacher serves the whole run, so --fix, which lints
// several times, fetches each table once.
// It also sets what the engine needs to keep a run record: whether the
// attacher reads anything for a catalog, and the environment it reads.
func (o statsOptions) attach(configs *config.Resolver, opts *engine.Options) error {
	if o.off {
		if o.require || o.file != "" {
			return errors.New("--no-stats cannot be combined with --require-stats or --stats-file")
		}
		return nil
	}
	a := source.NewAttacher(configs.For, source.Options{File: o.file, Require: o.require, AllowConfigHost: o.allowConfigHost})
	opts.Attach, opts.LiveInert, opts.LiveStillInert = a.Attach, a.Inert, source.StillInert
	opts.RecordKey = source.EnvKey() + fmt.Sprintf(" allow-config-host=%t", o.allowConfigHost)
	return nil
}
