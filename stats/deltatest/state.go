package deltatest

import (
	"strconv"
)

// state is the table state a checkpoint records, kept in the order files
// were first added so checkpoints are deterministic.
type state struct {
	config  map[string]string
	domains map[string]Domain
	domainO []string
	live    map[string]int // file key -> index in files
	dead    map[string]int // tombstones: file key -> index in removes
	files   []*File        // nil slots were removed
	removes []*File        // nil slots were re-added
}

func newState(config map[string]string) *state {
	return &state{config: config, domains: map[string]Domain{}, live: map[string]int{}, dead: map[string]int{}}
}

func fileKey(f *File) string {
	k := f.Path + "\x00"
	if dv := f.DeletionVector; dv != nil {
		k += dv.StorageType + dv.PathOrInlineDv
		if dv.Offset != nil {
			k += "@" + strconv.Itoa(int(*dv.Offset))
		}
	}
	return k
}

func (s *state) apply(c *Commit) {
	if c.Configuration != nil {
		s.config = c.Configuration
	}
	for _, d := range c.Domains {
		if _, ok := s.domains[d.Name]; !ok {
			s.domainO = append(s.domainO, d.Name)
		}
		s.domains[d.Name] = d
	}
	for i := range c.Adds {
		f := &c.Adds[i]
		k := fileKey(f)
		if j, ok := s.dead[k]; ok {
			s.removes[j] = nil
			delete(s.dead, k)
		}
		if j, ok := s.live[k]; ok {
			s.files[j] = f
			continue
		}
		s.live[k] = len(s.files)
		s.files = append(s.files, f)
	}
	for i := range c.Removes {
		f := &c.Removes[i]
		k := fileKey(f)
		if j, ok := s.live[k]; ok {
			s.files[j] = nil
			delete(s.live, k)
		}
		if _, ok := s.dead[k]; !ok {
			s.dead[k] = len(s.removes)
			s.removes = append(s.removes, f)
		}
	}
}

// liveFiles returns the files present after the applied commits.
func (s *state) liveFiles() []*File { return compact(s.files) }

// tombstones returns the removes still retained.
func (s *state) tombstones() []*File { return compact(s.removes) }

// liveDomains returns the domains not removed, in first-seen order.
func (s *state) liveDomains() []Domain {
	var out []Domain
	for _, name := range s.domainO {
		if d := s.domains[name]; !d.Removed {
			out = append(out, d)
		}
	}
	return out
}

func compact(fs []*File) []*File {
	out := make([]*File, 0, len(fs))
	for _, f := range fs {
		if f != nil {
			out = append(out, f)
		}
	}
	return out
}
