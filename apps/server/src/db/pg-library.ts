import type pg from "pg";

/** node-postgres, loaded when a PostgreSQL database is first opened: a hub on SQLite never loads it. */
export async function pgLibrary(): Promise<typeof pg> {
  return (await import("pg")).default;
}
