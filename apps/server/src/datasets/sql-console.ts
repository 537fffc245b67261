import os from "node:os";
import { DuckDBInstance, StatementType, type DuckDBConnection } from "@duckdb/node-api";
import { sqlFileList, sqlIdentifier } from "./duck-engine.js";
import { toJsonValue } from "./json-values.js";
import { deniedNameInTree, pathFreeMessage, withoutKnownPaths, type ServerPath } from "./sql-guard.js";

/** A table of the console: a split of the chosen config and its Parquet files, relative to `SqlJob.dir`. */
export interface SqlTable {
  name: string;
  paths: string[];
}

/** One console query, as the hub hands it to a console process. */
export interface SqlJob {
  query: string;
  tables: SqlTable[];
  /** The dataset's Parquet folder (of one conversion): the process works inside it. */
  dir: string;
  maxRows: number;
  /** DuckDB `memory_limit`, e.g. "256MB". */
  memoryLimit: string;
  /** Largest JSON answer; rows past it are cut (`truncated`). */
  maxResultBytes: number;
}

/** The answer's JSON text (`SqlResponse`), or a refusal with its HTTP status. */
export type SqlOutcome = { ok: true; json: string } | { ok: false; status: 400 | 422; error: string };

class Refusal extends Error {
  constructor(
    readonly status: 400 | 422,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs one read-only query in a throw-away DuckDB instance that sees only this dataset, inside a
 * console process (the hub kills that process at the time limit or past its memory bound; see
 * `SqlSandbox`). The process works in the dataset's folder and names files relative to it. The splits
 * are views over their Parquet files; then file and network access is switched off
 * (`enable_external_access=false`) and the configuration locked, so the query cannot read a local
 * file, an URL or another repo, attach, copy, load extensions or change settings. One statement, a
 * SELECT (or WITH … SELECT), whose syntax tree names no denied function or table (`sql-guard.ts`);
 * the row limit and the answer's size limit cut the result.
 */
export async function runSqlJob(job: SqlJob): Promise<SqlOutcome> {
  const started = Date.now();
  const known: ServerPath[] = [
    { path: job.dir.replace(/\/$/, ""), shownAs: "<dataset>" },
    { path: os.homedir(), shownAs: "<server>" },
    { path: os.tmpdir(), shownAs: "<server>" },
  ].sort((a, b) => b.path.length - a.path.length);
  try {
    process.chdir(job.dir);
    const json = await runQuery(job, started, known);
    return { ok: true, json };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, status: error.status, error: error.message };
    return { ok: false, status: 400, error: `SQL error: ${pathFreeMessage(firstLine(error), known)}` };
  }
}

async function runQuery(job: SqlJob, started: number, known: ServerPath[]): Promise<string> {
  const instance = await DuckDBInstance.create(":memory:", {
    memory_limit: job.memoryLimit,
    threads: "1",
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
    allow_community_extensions: "false",
  });
  let connection: DuckDBConnection | undefined;
  try {
    connection = await instance.connect();
    for (const setting of ["temp_directory", "home_directory", "secret_directory", "extension_directory"])
      await connection.run(`SET ${setting} = ''`);
    await connection.run("SET allowed_directories = ['./']");
    for (const table of job.tables)
      await connection.run(
        `CREATE VIEW ${sqlIdentifier(table.name)} AS SELECT * FROM read_parquet(${sqlFileList(table.paths)})`,
      );
    await connection.run("SET enable_external_access = false");
    await connection.run("SET lock_configuration = true");

    const statements = await connection.extractStatements(job.query).catch((error: unknown) => {
      throw new Refusal(400, `SQL error: ${pathFreeMessage(firstLine(error), known)}`);
    });
    if (statements.count !== 1) throw new Refusal(400, "Send exactly one SQL statement");
    await refuseDeniedNames(connection, job.query);
    const prepared = await statements.prepare(0).catch((error: unknown) => {
      throw new Refusal(...classify(error, known));
    });
    // PRAGMAs that read (database_list, …) also prepare as SELECTs: the text itself must be a query
    if (
      prepared.statementType !== StatementType.SELECT ||
      !READ_QUERY_START.test(stripLeadingComments(job.query))
    )
      throw new Refusal(400, "Only read-only SELECT queries (or WITH … SELECT) are allowed");
    const reader = await prepared.streamAndReadUntil(job.maxRows + 1).catch((error: unknown) => {
      throw new Refusal(...classify(error, known));
    });
    const columns = reader.columnNames().map((name, index) => ({
      name,
      type: reader.columnTypes()[index].toString(),
    }));
    const rows = reader.getRowsJS();
    return answerText(columns, rows, job, started, known);
  } finally {
    connection?.closeSync();
    instance.closeSync();
  }
}

/** The answer's JSON, rows added while they fit in `maxResultBytes` (the rest cut: `truncated`). */
function answerText(
  columns: { name: string; type: string }[],
  rows: unknown[][],
  job: SqlJob,
  started: number,
  known: ServerPath[],
): string {
  const head = `{"columns":${JSON.stringify(columns)},"rows":[`;
  const parts: string[] = [];
  let size = head.length + 100;
  let truncated = rows.length > job.maxRows;
  for (const row of rows.slice(0, job.maxRows)) {
    const text = withoutKnownPaths(JSON.stringify(row.map(toJsonValue)), known);
    size += text.length + 1;
    if (size > job.maxResultBytes) {
      if (parts.length === 0)
        throw new Refusal(
          422,
          `The first row of the result is larger than ${job.maxResultBytes} bytes; select fewer or shorter values`,
        );
      truncated = true;
      break;
    }
    parts.push(text);
  }
  return `${head}${parts.join(",")}],"truncated":${truncated},"elapsed_ms":${Date.now() - started}}`;
}

/** Asks DuckDB's parser for the statement's syntax tree and refuses it when it names a denied function or table. */
async function refuseDeniedNames(connection: DuckDBConnection, query: string): Promise<void> {
  const result = await connection.runAndReadAll("SELECT json_serialize_sql($1::VARCHAR)", [query]);
  const text = result.getRowsJS()[0]?.[0];
  let tree: unknown;
  try {
    tree = JSON.parse(String(text));
  } catch {
    throw new Refusal(400, "The query could not be checked");
  }
  if ((tree as { error?: unknown }).error === true)
    throw new Refusal(400, "Only read-only SELECT queries (or WITH … SELECT) are allowed");
  const denied = deniedNameInTree(tree);
  if (denied)
    throw new Refusal(
      400,
      `${denied} is not available in the SQL console (it would show the server's settings or run other SQL)`,
    );
}

function classify(error: unknown, known: ServerPath[]): [400 | 422, string] {
  const message = pathFreeMessage(firstLine(error), known);
  if (/out of memory|memory limit|memory_limit/i.test(message))
    return [422, `The query needs more memory than allowed: ${message}`];
  return [400, `SQL error: ${message}`];
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
