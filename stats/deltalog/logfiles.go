package deltalog

import (
	"strconv"
	"strings"
)

const (
	logDir      = "_delta_log"
	sidecarDir  = "_delta_log/_sidecars"
	lastCPName  = "_last_checkpoint"
	versionDigs = 20
)

// fileKind classifies a name found directly in _delta_log.
type fileKind int

const (
	kindOther       fileKind = iota
	kindCommit               // N.json
	kindClassicCP            // N.checkpoint.parquet
	kindMultiPartCP          // N.checkpoint.P.K.parquet
	kindUUIDCP               // N.checkpoint.<uuid>.parquet|json
	kindCompaction           // N.M.compacted.json
)

// logFile is a parsed _delta_log entry.
type logFile struct {
	Name    string
	Size    int64
	Kind    fileKind
	Version int64
	Part    int // multi-part: part number, 1-based
	Parts   int // multi-part: total parts
}

// parseLogName recognises Delta log file names. Anything else (.crc,
// _last_checkpoint, temp files) is kindOther.
func parseLogName(name string) logFile {
	f := logFile{Name: name}
	head, rest, ok := strings.Cut(name, ".")
	v, isVersion := parseDigits(head)
	if !ok || !isVersion {
		return f
	}
	f.Version = v
	switch {
	case rest == "json":
		f.Kind = kindCommit
	case rest == "checkpoint.parquet":
		f.Kind = kindClassicCP
	case strings.HasPrefix(rest, "checkpoint."):
		f.Kind, f.Part, f.Parts = parseCheckpointSuffix(strings.TrimPrefix(rest, "checkpoint."))
	case strings.HasSuffix(rest, ".compacted.json"):
		if _, ok := parseDigits(strings.TrimSuffix(rest, ".compacted.json")); ok {
			f.Kind = kindCompaction
		}
	}
	return f
}

// parseCheckpointSuffix handles what follows "N.checkpoint.": either
// "P.K.parquet" (multi-part) or "<uuid>.parquet|json" (V2).
func parseCheckpointSuffix(s string) (fileKind, int, int) {
	if p, k, ok := strings.Cut(strings.TrimSuffix(s, ".parquet"), "."); ok && strings.HasSuffix(s, ".parquet") {
		part, okP := parseDigits(p)
		parts, okK := parseDigits(k)
		if okP && okK {
			if part >= 1 && part <= parts {
				return kindMultiPartCP, int(part), int(parts)
			}
			return kindOther, 0, 0
		}
	}
	id, ext, ok := strings.Cut(s, ".")
	if ok && id != "" && !strings.Contains(ext, ".") && (ext == "parquet" || ext == "json") {
		return kindUUIDCP, 0, 0
	}
	return kindOther, 0, 0
}

func parseDigits(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

func padVersion(v int64) string {
	s := strconv.FormatInt(v, 10)
	if len(s) >= versionDigs {
		return s
	}
	return strings.Repeat("0", versionDigs-len(s)) + s
}
