package orchestration

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/lakelint/lakelint/parsers/dbt"
)

// DbtRun is what a dbt task runs: the models of the project in Dir, all of
// them or those Select names.
type DbtRun struct {
	// Dir is the project directory as written; Root is the dbt project it
	// names, once mapped ("" when none).
	Dir, Root string
	All       bool
	Select    []string // model names
}

// modelName is a selector that names one model (graph operators aside).
var modelName = regexp.MustCompile(`^\+?[0-9]*\+?([A-Za-z_][A-Za-z0-9_]*)\+?[0-9]*$`)

// dbtCommands reads the dbt run and dbt build commands of a task: which
// models they run. A command with no selector runs every model; one whose
// selectors are not all model names (tag:, path:, globs, --exclude) adds
// the names it has, so a model is never said to run that may not.
func dbtCommands(cmds []string) (run *DbtRun) {
	for _, cmd := range cmds {
		for _, part := range strings.FieldsFunc(cmd, func(r rune) bool { return r == '&' || r == ';' || r == '|' || r == '\n' }) {
			f := strings.Fields(strings.TrimSpace(part))
			i := 0
			for i < len(f) && f[i] != "dbt" {
				i++
			}
			if i+1 >= len(f) || f[i+1] != "run" && f[i+1] != "build" {
				continue
			}
			if run == nil {
				run = &DbtRun{}
			}
			selected, exact := false, true
			for j := i + 2; j < len(f); j++ {
				switch f[j] {
				case "--select", "-s", "-m", "--models", "--model":
					selected = true
					for j+1 < len(f) && !strings.HasPrefix(f[j+1], "-") {
						j++
						for _, sel := range strings.Split(strings.Trim(f[j], `"'`), ",") {
							if m := modelName.FindStringSubmatch(sel); m != nil {
								run.Select = append(run.Select, m[1])
							} else {
								exact = false
							}
						}
					}
				case "--exclude", "--selector", "--resource-type", "--resource-types":
					exact = false
				case "--project-dir":
					if j+1 < len(f) {
						run.Dir = strings.Trim(f[j+1], `"'`)
					}
				}
			}
			if !selected && exact {
				run.All = true
			}
		}
	}
	return run
}

// projectDir is the directory a shell command changes to before dbt runs:
// "cd dir && dbt run".
func projectDir(cmd string) string {
	f := strings.Fields(cmd)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == "cd" {
			return strings.Trim(f[i+1], `"';&`)
		}
	}
	return ""
}

// mapDbt gives each dbt task the model files it runs among files: the
// models of the dbt project its directory names, relative to the file
// that declares the task (or its parents), or else the one project whose
// directory ends the same way.
func (p *Project) mapDbt(files []string) {
	var projects dbt.Projects
	models := map[string][]string{} // project root → its model files
	var roots []string
	for _, f := range files {
		if !strings.EqualFold(filepath.Ext(f), ".sql") {
			continue
		}
		proj := projects.For(f)
		if proj == nil {
			continue
		}
		if _, model := proj.ConfigFor(f); !model {
			continue
		}
		if models[proj.Root] == nil {
			roots = append(roots, proj.Root)
		}
		models[proj.Root] = append(models[proj.Root], filepath.Clean(f))
	}
	if len(roots) == 0 {
		return
	}
	sort.Strings(roots)
	for _, j := range p.Jobs {
		for _, t := range j.Tasks {
			if t.Dbt == nil {
				continue
			}
			root := dbtRoot(t.Dbt.Dir, t.At.File, roots)
			if root == "" {
				t.Why = "no dbt project of the run at " + t.Dbt.Dir
				continue
			}
			t.Dbt.Root = root
			for _, m := range models[root] {
				if t.Dbt.All || contains(t.Dbt.Select, dbt.ModelName(m)) {
					t.Files = append(t.Files, m)
				}
			}
			if len(t.Files) > 0 {
				t.Why = ""
			}
		}
	}
}

// dbtRoot is the project root among roots that dir names, seen from the
// file declaring the task.
func dbtRoot(dir, from string, roots []string) string {
	dir = filepath.FromSlash(strings.TrimSuffix(strings.TrimPrefix(dir, "file://"), "/"))
	if !filepath.IsAbs(dir) {
		for d := filepath.Dir(from); ; d = filepath.Dir(d) {
			cand := filepath.Clean(filepath.Join(d, dir))
			if contains(roots, cand) {
				return cand
			}
			if filepath.Dir(d) == d || d == "." {
				break
			}
		}
	}
	if dir == "" || dir == "." {
		return ""
	}
	// an absolute path of the machine that runs it: the one project whose
	// directory ends the same way
	want := strings.Split(filepath.ToSlash(filepath.Clean(dir)), "/")
	best, bestN, tie := "", 0, false
	for _, r := range roots {
		have := strings.Split(filepath.ToSlash(r), "/")
		n := 0
		for n < len(want) && n < len(have) && want[len(want)-1-n] == have[len(have)-1-n] {
			n++
		}
		switch {
		case n > bestN:
			best, bestN, tie = r, n, false
		case n == bestN && n > 0:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
