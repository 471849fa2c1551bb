package orchestration

import (
	"bufio"
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/lakelint/lakelint/internal/projectfile"
)

// packageProject is what a pyproject.toml or setup.cfg says of its package.
type packageProject struct {
	file    string
	dir     string
	name    string
	entries map[string]string // entry point name → "module:function"
}

// entryPointFile maps a wheel task's package and entry point to the
// project file of the entry function's module, through the entry points a
// pyproject.toml ([project.scripts], [project.entry-points.*],
// [tool.poetry.scripts]) or setup.cfg ([options.entry_points]) below root
// declares for that package.
func (b *bundle) entryPointFile(pkg, entry string) (file, why string) {
	if pkg == "" || entry == "" {
		return "", "a wheel task without package_name or entry_point"
	}
	if b.packages == nil {
		b.packages = packageProjects(b.root)
		for _, pp := range b.packages {
			b.p.Inputs = append(b.p.Inputs, pp.file)
		}
	}
	projects := b.packages
	for _, pp := range projects {
		if normalName(pp.name) != normalName(pkg) {
			continue
		}
		target, ok := pp.entries[entry]
		if !ok {
			return "", "package " + pkg + " declares no entry point " + entry
		}
		module, _, _ := strings.Cut(target, ":")
		if f, ok := moduleFile(pp.dir, strings.TrimSpace(module)); ok {
			return f, ""
		}
		return "", "no project file for module " + module
	}
	return "", "no pyproject.toml or setup.cfg in the bundle names package " + pkg
}

// normalName compares package names as pip does: case and - _ . alike.
func normalName(s string) string {
	return strings.NewReplacer("-", "_", ".", "_").Replace(strings.ToLower(strings.TrimSpace(s)))
}

// moduleFile is the file of a dotted module below dir, in a src layout or not.
func moduleFile(dir, module string) (string, bool) {
	rel := filepath.FromSlash(strings.ReplaceAll(module, ".", "/"))
	for _, base := range []string{dir, filepath.Join(dir, "src")} {
		for _, cand := range []string{rel + ".py", filepath.Join(rel, "__init__.py")} {
			p := filepath.Join(base, cand)
			if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
				return filepath.Clean(p), true
			}
		}
	}
	return "", false
}

// packageProjects reads the pyproject.toml and setup.cfg files below root
// (not in hidden directories, virtual environments or node_modules).
func packageProjects(root string) []packageProject {
	var out []packageProject
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "venv" || name == "__pycache__" || name == "site-packages") {
				return filepath.SkipDir
			}
			return nil
		}
		switch d.Name() {
		case "pyproject.toml":
			if pp, ok := readPyproject(p); ok {
				out = append(out, pp)
			}
		case "setup.cfg":
			if pp, ok := readSetupCfg(p); ok {
				out = append(out, pp)
			}
		}
		return nil
	})
	return out
}

// readPyproject reads a package's name and entry points from pyproject.toml.
func readPyproject(p string) (packageProject, bool) {
	var doc struct {
		Project struct {
			Name        string                       `toml:"name"`
			Scripts     map[string]string            `toml:"scripts"`
			EntryPoints map[string]map[string]string `toml:"entry-points"`
		} `toml:"project"`
		Tool struct {
			Poetry struct {
				Name    string                       `toml:"name"`
				Scripts map[string]any               `toml:"scripts"`
				Plugins map[string]map[string]string `toml:"plugins"`
			} `toml:"poetry"`
		} `toml:"tool"`
	}
	data, err := projectfile.Read(p)
	if err != nil {
		return packageProject{}, false
	}
	if err := toml.Unmarshal(data, &doc); err != nil {
		return packageProject{}, false
	}
	pp := packageProject{file: p, dir: filepath.Dir(p), name: doc.Project.Name, entries: map[string]string{}}
	if pp.name == "" {
		pp.name = doc.Tool.Poetry.Name
	}
	// maps in key order: a name two groups give is the last group's, in
	// key order, whatever order the maps come in
	for _, k := range slices.Sorted(maps.Keys(doc.Project.Scripts)) {
		pp.entries[k] = doc.Project.Scripts[k]
	}
	for _, g := range slices.Sorted(maps.Keys(doc.Project.EntryPoints)) {
		for _, k := range slices.Sorted(maps.Keys(doc.Project.EntryPoints[g])) {
			pp.entries[k] = doc.Project.EntryPoints[g][k]
		}
	}
	for _, k := range slices.Sorted(maps.Keys(doc.Tool.Poetry.Scripts)) {
		switch v := doc.Tool.Poetry.Scripts[k].(type) {
		case string:
			pp.entries[k] = v
		case map[string]any:
			if ref, ok := v["reference"].(string); ok {
				pp.entries[k] = ref
			}
		}
	}
	for _, g := range slices.Sorted(maps.Keys(doc.Tool.Poetry.Plugins)) {
		for _, k := range slices.Sorted(maps.Keys(doc.Tool.Poetry.Plugins[g])) {
			pp.entries[k] = doc.Tool.Poetry.Plugins[g][k]
		}
	}
	return pp, pp.name != ""
}

// readSetupCfg reads [metadata] name and [options.entry_points] from setup.cfg.
func readSetupCfg(p string) (packageProject, bool) {
	data, err := projectfile.Read(p)
	if err != nil {
		return packageProject{}, false
	}
	pp := packageProject{file: p, dir: filepath.Dir(p), entries: map[string]string{}}
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, ";") {
			continue
		}
		if strings.HasPrefix(trimmed, "[") && strings.HasSuffix(trimmed, "]") {
			section = strings.ToLower(strings.TrimSpace(trimmed[1 : len(trimmed)-1]))
			continue
		}
		k, v, ok := strings.Cut(trimmed, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case section == "metadata" && ok && k == "name":
			pp.name = v
		case section == "options.entry_points" && ok && strings.Contains(v, "=") && strings.Contains(v, ":"):
			// an entry on the group's own line: console_scripts = name = mod:fn
			if name, target, ok := strings.Cut(v, "="); ok {
				pp.entries[strings.TrimSpace(name)] = strings.TrimSpace(target)
			}
		case section == "options.entry_points" && ok && line != trimmed && strings.Contains(v, ":"):
			pp.entries[k] = v // an indented "name = module:function" under its group
		}
	}
	return pp, pp.name != ""
}
