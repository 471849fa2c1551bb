// Package databricks reads live table statistics from a Databricks
// workspace through the SQL Statement Execution API (REST, no SDK).
//
// Resolve builds a Config from explicit values, DATABRICKS_* environment
// variables and ~/.databrickscfg; New makes a Client from it; Client.Fetch
// runs DESCRIBE DETAIL and DESCRIBE HISTORY for one table and fills a
// stats.Table. The access token never appears in printed values, logs or
// error messages.
package databricks
