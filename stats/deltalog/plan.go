package deltalog

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrNotDelta means the location has no Delta log.
var ErrNotDelta = errors.New("no _delta_log found")

// ErrIncompleteLog means the log cannot be replayed to its latest version:
// a commit is missing and no complete checkpoint covers it.
var ErrIncompleteLog = errors.New("incomplete Delta log")

// Checkpoint kinds, as reported in CheckpointInfo.Kind.
const (
	KindClassic   = "classic"
	KindMultiPart = "multi-part"
	KindUUID      = "uuid-v2"
)

// checkpoint is one complete checkpoint found by listing.
type checkpoint struct {
	Version int64
	Kind    string
	Files   []string // base names in _delta_log; multi-part parts in order
}

// logPlan is what a listing says must be read.
type logPlan struct {
	Latest     int64
	Checkpoint *checkpoint // nil: replay from commit 0
	Commits    []logFile   // every JSON commit present, ascending
}

// planLog picks the newest complete checkpoint and checks that the commits
// after it are contiguous up to the latest version. _last_checkpoint is not
// consulted: it may be stale or absent, and listing is authoritative.
func planLog(entries []Entry) (*logPlan, error) {
	var (
		commits    []logFile
		classic    = map[int64]string{}
		uuids      = map[int64][]string{}
		multi      = map[[2]int64]map[int]string{} // (version, parts) -> part -> name
		incomplete []string
		notFile    = map[int64]string{} // commit version -> what its name is instead of a file
	)
	for _, e := range entries {
		f := parseLogName(e.Name)
		f.Size = e.Size
		if e.NotFile != "" {
			// Only a commit matters: a checkpoint that cannot be read is as
			// good as absent, and other names are not the log's.
			if f.Kind == kindCommit {
				notFile[f.Version] = e.NotFile
			}
			continue
		}
		switch f.Kind {
		case kindCommit:
			commits = append(commits, f)
		case kindClassicCP:
			classic[f.Version] = f.Name
		case kindUUIDCP:
			uuids[f.Version] = append(uuids[f.Version], f.Name)
		case kindMultiPartCP:
			k := [2]int64{f.Version, int64(f.Parts)}
			if multi[k] == nil {
				multi[k] = map[int]string{}
			}
			multi[k][f.Part] = f.Name
		}
		// Compaction files are skipped: the commits they summarise are
		// read instead (see reconcile notes in SOURCES.md of the test data).
	}
	slices.SortFunc(commits, func(a, b logFile) int { return cmp.Compare(a.Version, b.Version) })

	var cps []checkpoint
	for v, name := range classic {
		cps = append(cps, checkpoint{Version: v, Kind: KindClassic, Files: []string{name}})
	}
	for v, names := range uuids {
		slices.Sort(names) // any one will do; sorting keeps the choice stable
		cps = append(cps, checkpoint{Version: v, Kind: KindUUID, Files: names[:1]})
	}
	for k, parts := range multi {
		if len(parts) != int(k[1]) {
			incomplete = append(incomplete, describeMissingParts(k[0], int(k[1]), parts))
			continue
		}
		names := make([]string, k[1])
		for p, n := range parts {
			names[p-1] = n
		}
		cps = append(cps, checkpoint{Version: k[0], Kind: KindMultiPart, Files: names})
	}
	// Newest first; at one version prefer a single file over several.
	kindRank := map[string]int{KindClassic: 0, KindUUID: 1, KindMultiPart: 2}
	slices.SortFunc(cps, func(a, b checkpoint) int {
		return cmp.Or(cmp.Compare(b.Version, a.Version), cmp.Compare(kindRank[a.Kind], kindRank[b.Kind]))
	})
	slices.Sort(incomplete)

	if err := checkLatestIsFile(commits, cps, notFile); err != nil {
		return nil, err
	}
	if len(commits) == 0 && len(cps) == 0 {
		if len(incomplete) > 0 {
			return nil, fmt.Errorf("%w: no commits and no complete checkpoint (%s)", ErrIncompleteLog, strings.Join(incomplete, "; "))
		}
		return nil, ErrNotDelta
	}

	p := &logPlan{Latest: -1, Commits: commits}
	if len(commits) > 0 {
		p.Latest = commits[len(commits)-1].Version
	}
	start := int64(0)
	if len(cps) > 0 {
		p.Checkpoint = &cps[0]
		p.Latest = max(p.Latest, cps[0].Version)
		start = cps[0].Version + 1
	}
	if err := checkContiguous(commits, start, p.Latest, incomplete, notFile); err != nil {
		return nil, err
	}
	return p, nil
}

// checkLatestIsFile fails when the newest commit's name is taken by
// something that is not a file (a directory, a named pipe, a link that
// leads nowhere): replaying up to the commit before it would silently
// describe an old version of the table.
func checkLatestIsFile(commits []logFile, cps []checkpoint, notFile map[int64]string) error {
	latest := int64(-1)
	if len(commits) > 0 {
		latest = commits[len(commits)-1].Version
	}
	if len(cps) > 0 {
		latest = max(latest, cps[0].Version)
	}
	newest, what := int64(-1), ""
	for v, w := range notFile {
		if v > latest && v > newest {
			newest, what = v, w
		}
	}
	if newest < 0 {
		return nil
	}
	return fmt.Errorf("%w: the latest commit %s/%s.json is %s, not a file", ErrIncompleteLog, logDir, padVersion(newest), what)
}

// checkContiguous verifies that commits holds every version in [from, to].
func checkContiguous(commits []logFile, from, to int64, incomplete []string, notFile map[int64]string) error {
	i, _ := slices.BinarySearchFunc(commits, from, func(f logFile, v int64) int { return cmp.Compare(f.Version, v) })
	for v := from; v <= to; v++ {
		if i < len(commits) && commits[i].Version == v {
			i++
			continue
		}
		msg := fmt.Sprintf("commit %s.json is missing", padVersion(v))
		if what, ok := notFile[v]; ok {
			msg = fmt.Sprintf("commit %s.json is %s, not a file", padVersion(v), what)
		}
		if from == 0 {
			msg += " and no complete checkpoint covers it"
		}
		if len(incomplete) > 0 {
			msg += " (" + strings.Join(incomplete, "; ") + ")"
		}
		return fmt.Errorf("%w: %s", ErrIncompleteLog, msg)
	}
	return nil
}

func describeMissingParts(version int64, parts int, have map[int]string) string {
	var missing []string
	for p := 1; p <= parts; p++ {
		if _, ok := have[p]; !ok {
			missing = append(missing, fmt.Sprintf("%s.checkpoint.%010d.%010d.parquet", padVersion(version), p, parts))
		}
	}
	return fmt.Sprintf("checkpoint %d is incomplete, missing %s", version, strings.Join(missing, ", "))
}
