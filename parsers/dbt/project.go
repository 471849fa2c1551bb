package dbt

import (
	"bytes"
	"crypto/sha256"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/lakelint/lakelint/internal/projectfile"
)

// ProjectFile is the file that makes a directory a dbt project.
const ProjectFile = "dbt_project.yml"

// Project is a dbt project's model configuration: the directory-level
// configs of dbt_project.yml and the per-model configs of properties files.
type Project struct {
	Root       string   // the directory holding dbt_project.yml
	Name       string   // the project's name
	ModelPaths []string // relative to Root; "models" when not said
	// Err says why dbt_project.yml could not be read; the project then
	// gives no configs.
	Err error
	// Digest covers every byte the configs were read from.
	Digest [32]byte
	// Adapter says whether the project runs on Spark.
	Adapter Adapter
	// AdapterType is the adapter's type as a profile or package names it
	// ("databricks", "spark"); "" when not known.
	AdapterType string

	tree   *configTree
	models map[string]map[string]Value // model name → config from a properties file
	// entries are the models' config: blocks in properties files, and
	// files the YAML files configs were read from, for fixes that edit them.
	entries map[string]modelEntry
	files   map[string]*yamlFile
	read    func(string) ([]byte, error)
}

// modelEntry is a model's config: mapping in a properties file.
type modelEntry struct {
	file   *yamlFile
	config *yaml.Node
	keyCol int // the column of the config: key
}

// configTree is the models: section of dbt_project.yml: configs that apply
// to a directory and everything below it.
type configTree struct {
	config map[string]Value
	dirs   map[string]*configTree
	node   *yaml.Node // the directory's mapping; nil for configs of every project
	keyCol int        // the column of the key that names the directory
}

// LoadProject reads the dbt project rooted at dir.
func LoadProject(dir string) *Project { return loadProject(dir, projectfile.Read) }

// loadProject is LoadProject reading the project's YAML files with read.
func loadProject(dir string, read func(string) ([]byte, error)) *Project {
	p := &Project{Root: dir, ModelPaths: []string{"models"}, models: map[string]map[string]Value{},
		entries: map[string]modelEntry{}, files: map[string]*yamlFile{}, read: read}
	h := sha256.New()
	path := filepath.Join(dir, ProjectFile)
	src, err := read(path)
	if err != nil {
		p.Err = err
		return p
	}
	h.Write(src)
	var doc struct {
		Name        string    `yaml:"name"`
		ModelPaths  []string  `yaml:"model-paths"`
		SourcePaths []string  `yaml:"source-paths"` // before dbt 1.0
		Models      yaml.Node `yaml:"models"`
	}
	if err := yaml.Unmarshal(src, &doc); err != nil {
		p.Err = err
		return p
	}
	p.Name = doc.Name
	if len(doc.ModelPaths) > 0 {
		p.ModelPaths = doc.ModelPaths
	} else if len(doc.SourcePaths) > 0 {
		p.ModelPaths = doc.SourcePaths
	}
	lines := lineStarts(src)
	var root yaml.Node
	_ = yaml.Unmarshal(src, &root) // it unmarshalled above
	p.files[path] = newYAMLFile(path, src, &root)
	if doc.Models.Kind == yaml.MappingNode {
		// the first level names projects: ours, or a package's
		for i := 0; i+1 < len(doc.Models.Content); i += 2 {
			k, v := doc.Models.Content[i], doc.Models.Content[i+1]
			if k.Value == p.Name && v.Kind == yaml.MappingNode {
				p.tree = readTree(v, path, lines)
				p.tree.keyCol = k.Column
			} else if strings.HasPrefix(k.Value, "+") || knownConfigs[k.Value] {
				// a config for every model of every project
				if p.tree == nil {
					p.tree = &configTree{config: map[string]Value{}, dirs: map[string]*configTree{}}
				}
				p.tree.config[strings.TrimPrefix(k.Value, "+")] = yamlValue(v, path, lines)
			}
		}
	}
	p.readProperties(h)
	p.Adapter = p.detectAdapter(h, src)
	copy(p.Digest[:], h.Sum(nil))
	return p
}

// knownConfigs are config keys that dbt_project.yml may give without a '+'
// (a key that is none of these and holds a map names a directory).
var knownConfigs = map[string]bool{
	"materialized": true, "incremental_strategy": true, "file_format": true, "table_format": true,
	"partition_by": true, "liquid_clustered_by": true, "cluster_by": true, "clustered_by": true, "buckets": true,
	"auto_liquid_cluster": true, "tblproperties": true, "location_root": true, "unique_key": true,
	"schema": true, "database": true, "catalog": true, "alias": true, "enabled": true, "tags": true,
	"on_schema_change": true, "persist_docs": true, "post-hook": true, "pre-hook": true, "full_refresh": true,
	"submission_method": true, "include_full_name_in_path": true, "zorder": true, "meta": true, "docs": true,
	"grants": true, "contract": true, "databricks_tags": true, "compression": true,
}

func readTree(n *yaml.Node, file string, lines []int) *configTree {
	t := &configTree{config: map[string]Value{}, dirs: map[string]*configTree{}, node: n}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch {
		case strings.HasPrefix(k.Value, "+"):
			t.config[strings.ToLower(k.Value[1:])] = yamlValue(v, file, lines)
		case knownConfigs[k.Value]:
			t.config[strings.ToLower(k.Value)] = yamlValue(v, file, lines)
		case v.Kind == yaml.MappingNode:
			t.dirs[k.Value] = readTree(v, file, lines)
			t.dirs[k.Value].keyCol = k.Column
		}
	}
	return t
}

// readProperties reads the models: lists of the YAML files below the model
// paths; h takes their bytes, in path order.
func (p *Project) readProperties(h hash.Hash) {
	var files []string
	for _, mp := range p.ModelPaths {
		root := filepath.Join(p.Root, mp)
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // an unreadable directory gives no configs
			}
			if d.IsDir() && path != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if ext := filepath.Ext(path); d.Type().IsRegular() && (ext == ".yml" || ext == ".yaml") {
				files = append(files, path)
			}
			return nil
		})
	}
	sort.Strings(files)
	for _, f := range files {
		src, err := p.read(f)
		if err != nil || !bytes.Contains(src, []byte("models")) {
			continue
		}
		h.Write([]byte(f))
		h.Write(src)
		var root yaml.Node
		if yaml.Unmarshal(src, &root) != nil || len(root.Content) == 0 {
			continue
		}
		file := newYAMLFile(f, src, &root)
		p.files[f] = file
		models, _ := lookup(root.Content[0], "models")
		if models == nil || models.Kind != yaml.SequenceNode {
			continue
		}
		lines := lineStarts(src)
		for _, entry := range models.Content {
			name, _ := lookup(entry, "name")
			config, configKey := lookup(entry, "config")
			if name == nil || name.Kind != yaml.ScalarNode || name.Value == "" || config == nil || config.Kind != yaml.MappingNode {
				continue
			}
			p.entries[name.Value] = modelEntry{file: file, config: config, keyCol: configKey.Column}
			cfg := p.models[name.Value]
			if cfg == nil {
				cfg = map[string]Value{}
				p.models[name.Value] = cfg
			}
			for i := 0; i+1 < len(config.Content); i += 2 {
				k := strings.ToLower(strings.TrimPrefix(config.Content[i].Value, "+"))
				cfg[k] = yamlValue(config.Content[i+1], f, lines)
			}
		}
	}
}

// ModelDir returns the directories of the model at path below its model
// path ("staging", "orders" for models/staging/orders/x.sql); ok is false
// when path is not under one of the project's model paths.
func (p *Project) ModelDir(path string) (dirs []string, ok bool) {
	for _, mp := range p.ModelPaths {
		rel, err := filepath.Rel(filepath.Join(p.Root, mp), path)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		dir := filepath.Dir(rel)
		if dir == "." {
			return nil, true
		}
		return strings.Split(filepath.ToSlash(dir), "/"), true
	}
	return nil, false
}

// ConfigFor returns the configs the project gives the model at path,
// before the model's own config(): dbt_project.yml's, the nearer directory
// winning, then its properties file's. ok is false when path holds no model
// of this project.
func (p *Project) ConfigFor(path string) (cfg map[string]Value, ok bool) {
	dirs, ok := p.ModelDir(path)
	if !ok || p.Err != nil {
		return nil, ok
	}
	cfg = map[string]Value{}
	for t, i := p.tree, 0; t != nil; i++ {
		for k, v := range t.config {
			cfg[k] = v
		}
		if i >= len(dirs) {
			break
		}
		t = t.dirs[dirs[i]]
	}
	for k, v := range p.models[ModelName(path)] {
		cfg[k] = v
	}
	return cfg, true
}

// yamlValue maps a YAML node to a Value positioned at its line.
func yamlValue(n *yaml.Node, file string, lines []int) Value {
	v := Value{File: file, Line: n.Line}
	if n.Line > 0 && n.Line <= len(lines) {
		v.Start = lines[n.Line-1] + max(n.Column-1, 0)
		v.End = v.Start + len(n.Value)
	}
	switch n.Kind {
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!bool":
			v.Kind, v.Bool, v.Str = Bool, strings.EqualFold(n.Value, "true"), strings.ToLower(n.Value)
		case "!!int", "!!float":
			v.Kind, v.Str = Number, n.Value
		case "!!null":
			v.Kind = None
		default:
			v.Kind, v.Str = String, n.Value
			if strings.Contains(n.Value, "{{") { // a Jinja expression: not known
				v.Kind = Unknown
			}
		}
	case yaml.SequenceNode:
		v.Kind = List
		for _, c := range n.Content {
			v.List = append(v.List, yamlValue(c, file, lines))
		}
	case yaml.MappingNode:
		v.Kind, v.Dict = Dict, map[string]Value{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			v.Dict[strings.ToLower(n.Content[i].Value)] = yamlValue(n.Content[i+1], file, lines)
		}
	case yaml.AliasNode:
		if n.Alias != nil {
			return yamlValue(n.Alias, file, lines)
		}
	}
	return v
}

func lineStarts(src []byte) []int {
	out := []int{0}
	for i, c := range src {
		if c == '\n' {
			out = append(out, i+1)
		}
	}
	return out
}

// Projects finds the dbt project of each model file, reading each project
// once. It is safe for concurrent use.
type Projects struct {
	// Read reads a project's YAML files (dbt_project.yml, properties
	// files); nil reads them from disk. A fix run reads its edits so.
	Read func(path string) ([]byte, error)
	mu   sync.Mutex
	dirs map[string]*Project // directory → its project (nil: none)
}

// For returns the project that holds the file at path (an absolute path),
// or nil.
func (ps *Projects) For(path string) *Project {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.dirs == nil {
		ps.dirs = map[string]*Project{}
	}
	var walked []string
	var found *Project
	read := ps.Read
	if read == nil {
		read = projectfile.Read
	}
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		if p, ok := ps.dirs[dir]; ok {
			found = p
			break
		}
		walked = append(walked, dir)
		if st, err := os.Stat(filepath.Join(dir, ProjectFile)); err == nil && st.Mode().IsRegular() {
			found = loadProject(dir, read)
			break
		}
		if parent := filepath.Dir(dir); parent == dir {
			break
		}
	}
	for _, d := range walked {
		ps.dirs[d] = found
	}
	return found
}

// Files are the YAML files of the projects read so far (dbt_project.yml
// and properties files), sorted: the files a fix may edit.
func (ps *Projects) Files() []string {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	seen := map[*Project]bool{}
	var out []string
	for _, p := range ps.dirs {
		if p == nil || seen[p] {
			continue
		}
		seen[p] = true
		for f := range p.files {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}
