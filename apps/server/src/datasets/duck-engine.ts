import { mkdirSync } from "node:fs";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { HttpError } from "../domain/errors.js";

export interface DuckEngineSettings {
  /** DuckDB `memory_limit` of the hub's one instance, e.g. "512MB". */
  memoryLimit: string;
  threads: number;
  /** Queries running at once; more wait their turn. */
  maxConcurrent: number;
  /** Where DuckDB may spill; inside the hub's data folder. */
  tempDir: string;
  /** A viewer query running longer than this is interrupted (conversions are not). */
  queryTimeoutMs: number;
}

/**
 * The process's one DuckDB instance (memory and threads capped) with a small pool of connections:
 * at most `maxConcurrent` queries run at once, the others queue.
 */
export class DuckEngine {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: ((connection: DuckDBConnection) => void)[] = [];
  private closed = false;

  private constructor(
    private readonly instance: DuckDBInstance,
    connections: DuckDBConnection[],
    private readonly queryTimeoutMs: number,
  ) {
    this.idle.push(...connections);
  }

  static async open(settings: DuckEngineSettings): Promise<DuckEngine> {
    mkdirSync(settings.tempDir, { recursive: true });
    const instance = await DuckDBInstance.create(":memory:", {
      memory_limit: settings.memoryLimit,
      threads: String(settings.threads),
      temp_directory: settings.tempDir,
      autoinstall_known_extensions: "false",
      autoload_known_extensions: "false",
      preserve_insertion_order: "true",
    });
    const connections: DuckDBConnection[] = [];
    for (let i = 0; i < Math.max(1, settings.maxConcurrent); i++) connections.push(await instance.connect());
    return new DuckEngine(instance, connections, settings.queryTimeoutMs);
  }

  /**
   * Runs `work` on a pooled connection once one is free; with `timed`, the work is interrupted after
   * the query time limit (a 503 for the caller).
   */
  async use<T>(work: (connection: DuckDBConnection) => Promise<T>, timed = true): Promise<T> {
    if (this.closed) throw new Error("DuckDB engine is closed");
    const connection = this.idle.pop() ?? (await new Promise<DuckDBConnection>((r) => this.waiting.push(r)));
    let timedOut = false;
    const timer = timed
      ? setTimeout(() => {
          timedOut = true;
          connection.interrupt();
        }, this.queryTimeoutMs)
      : undefined;
    try {
      return await work(connection);
    } catch (error) {
      if (timedOut)
        throw new HttpError(
          503,
          `The query ran longer than ${this.queryTimeoutMs} ms and was stopped; narrow it down`,
        );
      throw error;
    } finally {
      clearTimeout(timer);
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
    }
  }

  close(): void {
    this.closed = true;
    for (const connection of this.idle) connection.closeSync();
    this.idle.length = 0;
    this.instance.closeSync();
  }
}

/** A SQL string literal. */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A SQL identifier (column name). */
export function sqlIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `[ 'a', 'b' ]`: a list of file paths for DuckDB readers. */
export function sqlFileList(paths: string[]): string {
  return `[${paths.map(sqlString).join(", ")}]`;
}
