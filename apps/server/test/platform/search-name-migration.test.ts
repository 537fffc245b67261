import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrationProvider } from "../../src/db/migrations/index.js";
import { dropPostgresSchema } from "../../src/db/open-database.js";
import { openHubDatabase } from "../../src/compose/open-hub-database.js";
import { listRepos } from "../../src/platform/search.js";
import { Repos } from "../../src/platform/repos.js";

const databaseUrl = process.env.DATABASE_URL;

/** Migration 0005 on a PostgreSQL database that already holds repos (an upgrade, not a fresh start). */
describe.runIf(databaseUrl)("search_name column (PostgreSQL upgrade)", () => {
  const schema = `mh_test_${randomBytes(6).toString("hex")}`;
  let dataDir = "";
  afterAll(async () => {
    await dropPostgresSchema(databaseUrl as string, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("fills the column for existing repos, keeps it in step with renames, and searches through it", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-search-name-"));
    const setupPool = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
    await setupPool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    const old = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: setupPool }) });
    const migrated = await new Migrator({
      db: old,
      provider: migrationProvider,
      migrationTableSchema: schema,
    }).migrateTo("0004_access_requests");
    expect(migrated.error).toBeUndefined();
    await sql`INSERT INTO repos (id, type, owner, name, full_id, lookup_key, created_at, last_modified)
      VALUES ('r1', 'model', 'Old-Lab', 'Bert-Base-Tiny', 'Old-Lab/Bert-Base-Tiny',
              'model:old-lab/bert-base-tiny', '2024-01-01', '2024-01-01')`.execute(old);
    await old.destroy();

    const hub = await openHubDatabase({ dataDir, databaseUrl, schema });
    try {
      const { rows } = await sql<{
        search_name: string;
      }>`SELECT search_name FROM repos WHERE id = 'r1'`.execute(hub.db);
      expect(rows[0].search_name).toBe("old-lab/bert-base-tiny");
      const { rows: indexes } = await sql<{ name: string }>`
        SELECT indexname AS name FROM pg_indexes WHERE schemaname = ${schema} AND tablename = 'repos'`.execute(
        hub.db,
      );
      const names = indexes.map((i) => i.name);
      expect(names).toContain("repos_search_walk_idx");
      expect(names).not.toContain("repos_trending_walk_idx");

      const search = async (term: string) =>
        (
          await listRepos(hub.db, {
            type: "model",
            viewer: { orgs: [] },
            search: [term],
            tags: [],
            sort: "trending",
            direction: -1,
            limit: 10,
          })
        ).rows.map((r) => r.full_id);
      expect(await search("BERT-base")).toEqual(["Old-Lab/Bert-Base-Tiny"]);

      const repos = new Repos(hub.db);
      const row = await repos.find("model", "Old-Lab/Bert-Base-Tiny");
      expect(row).toBeDefined();
      await repos.move(row!, "New-Lab", "Renamed-Model");
      expect(await search("bert-base")).toEqual([]);
      expect(await search("new-lab/renamed")).toEqual(["New-Lab/Renamed-Model"]);
    } finally {
      await hub.close();
    }
  });
});
