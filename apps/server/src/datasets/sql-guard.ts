/**
 * What the SQL console refuses before DuckDB prepares a query, and what it removes from what DuckDB says.
 *
 * Refused by name, wherever they appear in the query as DuckDB's own parser reads it (any case,
 * quoted or not, with or without a schema): functions, tables and views that reveal the server's
 * settings and paths (`duckdb_settings`, `current_setting`, `pg_settings`, the lists of databases,
 * secrets, extensions, variables and temporary files, `glob`) and those that run SQL written in a string
 * (`query`, `query_table`), which would get past this check.
 */
export const DENIED_SQL_NAMES = [
  "current_setting",
  "database_list",
  "database_size",
  "duckdb_databases",
  "duckdb_extensions",
  "duckdb_external_file_cache",
  "duckdb_log_contexts",
  "duckdb_logs",
  "duckdb_profiling_settings",
  "duckdb_secret_types",
  "duckdb_secrets",
  "duckdb_settings",
  "duckdb_temporary_files",
  "duckdb_variables",
  "extension_versions",
  "getenv",
  "getvariable",
  "glob",
  "pg_database",
  "pg_settings",
  "pragma_database_list",
  "pragma_database_size",
  "query",
  "query_table",
  "which_secret",
] as const;

const DENIED = new Set<string>(DENIED_SQL_NAMES);

/**
 * The first denied name in a statement's syntax tree (DuckDB's `json_serialize_sql` output): every
 * `function_name` (scalar and table functions) and `table_name` (tables and views).
 */
export function deniedNameInTree(tree: unknown): string | undefined {
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) for (const child of node) stack.push(child);
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if ((key === "function_name" || key === "table_name") && typeof value === "string") {
          if (DENIED.has(value.toLowerCase())) return value.toLowerCase();
        } else stack.push(value);
      }
    }
  }
  return undefined;
}

/** A folder of this server and what the console shows in its place. */
export interface ServerPath {
  path: string;
  shownAs: string;
}

/** `text` with every known folder of this server (longest first) replaced by its stand-in. */
export function withoutKnownPaths(text: string, known: readonly ServerPath[]): string {
  let out = text;
  for (const { path, shownAs } of known)
    if (path.length > 1 && out.includes(path)) out = out.split(path).join(shownAs);
  return out;
}

/**
 * An error message of DuckDB's without any server path: the known folders, then any quoted absolute
 * path (`"/root/.duckdb/…"` becomes `"<path>"`).
 */
export function pathFreeMessage(text: string, known: readonly ServerPath[]): string {
  return withoutKnownPaths(text, known)
    .replace(/"\/[^"\n]*"/g, '"<path>"')
    .replace(/'\/[^'\n]*'/g, "'<path>'");
}
