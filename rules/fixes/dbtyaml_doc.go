package fixes

// DbtYAMLSafety says, for the docs of the rules whose fix adds table
// properties to a dbt model, where the fix goes when the model's config is
// in YAML, and when that fix is unsafe or not offered.
const DbtYAMLSafety = `A model with no config() call, or whose tblproperties are set in YAML, gets them in YAML,
as a text edit that keeps the file's comments, indentation and key order: the tblproperties
mapping that applies to it is extended where it is; else tblproperties is added to the model's
config: block in its properties file (safe, as above) or, when none, to the nearest
dbt_project.yml directory block on its path (unsafe: every model below that block, views
included, takes the properties too). YAML in flow style, with anchors or aliases, tabs or
several documents gets no fix, nor does a model whose tblproperties are set in its own
config() but lack some, or are not a literal.`
