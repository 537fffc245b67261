import { DuckDBInstance, StatementType, type DuckDBConnection } from "@duckdb/node-api";
import type { SqlResponse } from "@modelhub/api-types";
import { badRequest, HttpError } from "../domain/errors.js";
import { sqlFileList, sqlIdentifier, sqlString } from "./duck-engine.js";
import { toJsonValue } from "./json-values.js";

export interface SqlLimits {
  maxRows: number;
  timeoutMs: number;
  /** DuckDB memory_limit of each query's own instance, e.g. "256MB". */
  memoryLimit: string;
  maxQueryLength: number;
}

/** A table of the console: a split of the chosen config and its local Parquet files. */
export interface SqlTable {
  name: string;
  paths: string[];
}

/**
 * Runs one read-only query in a throw-away DuckDB instance that sees only this dataset: its splits
 * are views over Parquet files in `allowedDir`; after the views are made, file and network access
 * is switched off (`enable_external_access=false`) and the configuration locked, so the query cannot
 * read a local file, an URL or another repo, attach, copy, load extensions or change settings.
 * One statement, a SELECT (or WITH … SELECT); the row limit cuts the result, the time limit interrupts.
 */
export async function runSandboxedQuery(
  query: string,
  tables: SqlTable[],
  allowedDir: string,
  limits: SqlLimits,
): Promise<SqlResponse> {
  if (query.length > limits.maxQueryLength)
    throw badRequest(`The query is longer than ${limits.maxQueryLength} characters`);
  const started = Date.now();
  const instance = await DuckDBInstance.create(":memory:", {
    memory_limit: limits.memoryLimit,
    threads: "1",
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
    allow_community_extensions: "false",
  });
  let connection: DuckDBConnection | undefined;
  try {
    connection = await instance.connect();
    await connection.run(`SET temp_directory = ''`);
    await connection.run(
      `SET allowed_directories = [${sqlString(allowedDir.endsWith("/") ? allowedDir : `${allowedDir}/`)}]`,
    );
    for (const table of tables)
      await connection.run(
        `CREATE VIEW ${sqlIdentifier(table.name)} AS SELECT * FROM read_parquet(${sqlFileList(table.paths)})`,
      );
    await connection.run("SET enable_external_access = false");
    await connection.run("SET lock_configuration = true");
    const statements = await connection.extractStatements(query).catch((error: unknown) => {
      throw badRequest(`SQL error: ${firstLine(error)}`);
    });
    if (statements.count !== 1) throw badRequest("Send exactly one SQL statement");
    const prepared = await statements.prepare(0).catch((error: unknown) => {
      throw badRequest(`SQL error: ${firstLine(error)}`);
    });
    // PRAGMAs that read (database_list, …) also prepare as SELECTs: the text itself must be a query
    if (
      prepared.statementType !== StatementType.SELECT ||
      !READ_QUERY_START.test(stripLeadingComments(query))
    )
      throw badRequest("Only read-only SELECT queries (or WITH … SELECT) are allowed");
    const active = connection;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      active.interrupt();
    }, limits.timeoutMs);
    try {
      const reader = await prepared.streamAndReadUntil(limits.maxRows + 1);
      const names = reader.columnNames();
      const types = reader.columnTypes();
      const rows = reader.getRowsJS().slice(0, limits.maxRows + 1);
      const truncated = rows.length > limits.maxRows;
      return {
        columns: names.map((name, index) => ({ name, type: types[index].toString() })),
        rows: rows.slice(0, limits.maxRows).map((row) => row.map(toJsonValue)),
        truncated,
        elapsed_ms: Date.now() - started,
      };
    } catch (error) {
      if (timedOut)
        throw new HttpError(408, `The query ran longer than ${limits.timeoutMs} ms and was stopped`);
      const message = firstLine(error);
      if (/memory/i.test(message))
        throw new HttpError(422, `The query needs more memory than allowed: ${message}`);
      throw badRequest(`SQL error: ${message}`);
    } finally {
      clearTimeout(timer);
    }
  } finally {
    connection?.closeSync();
    instance.closeSync();
  }
}

const READ_QUERY_START = /^(?:\(\s*)*(?:SELECT|WITH|FROM|VALUES|TABLE)\b/i;

function stripLeadingComments(query: string): string {
  let rest = query.trimStart();
  for (;;) {
    if (rest.startsWith("--"))
      rest = rest.slice(rest.indexOf("\n") === -1 ? rest.length : rest.indexOf("\n")).trimStart();
    else if (rest.startsWith("/*"))
      rest = rest.slice(rest.indexOf("*/") === -1 ? rest.length : rest.indexOf("*/") + 2).trimStart();
    else return rest;
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 500);
}
