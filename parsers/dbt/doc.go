// Package dbt reads dbt models for Spark and Databricks (dbt-spark,
// dbt-databricks): a model's {{ config(...) }} calls, its ref() and source()
// relations and whether it is incremental, and the configs a project gives
// its models in dbt_project.yml and in properties files (schema.yml).
//
// Jinja is never executed: only literal values are read (strings, numbers,
// booleans, lists and dicts of them). Anything else — a var(), a macro call,
// an expression — is an unknown value, which rules treat as "not known".
package dbt
