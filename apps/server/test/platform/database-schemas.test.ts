import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { dropPostgresSchema, openDatabase } from "../../src/db/open-database.js";

const url = process.env.DATABASE_URL;

/** Tables of one schema, by name. */
async function tablesOf(schema: string): Promise<string[]> {
  const probe = await openDatabase({ dataDir: "/nonexistent", databaseUrl: url!, schema });
  try {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = ${schema} order by 1`.execute(
      probe.db,
    );
    return rows.map((row) => row.name);
  } finally {
    await probe.close();
  }
}

describe.skipIf(!url)("hubs in several schemas of one PostgreSQL database", () => {
  const schemas = [1, 2, 3].map(() => `mh_test_${randomBytes(6).toString("hex")}`);
  afterAll(async () => {
    for (const schema of schemas) await dropPostgresSchema(url!, schema).catch(() => undefined);
  });

  it("migrates each schema fully, whatever the others hold, and sees only its own tables", async () => {
    const [first, second, third] = schemas;
    const a = await openDatabase({ dataDir: "/nonexistent", databaseUrl: url!, schema: first });
    // the migrator's question "does my bookkeeping table exist?" must not be answered by another schema
    expect((await a.db.introspection.getTables()).every((table) => table.schema === first)).toBe(true);
    const names = (await a.db.introspection.getTables()).map((table) => table.name);
    expect(names).toEqual(
      expect.arrayContaining(["repos", "users", "kysely_migration", "kysely_migration_lock"]),
    );
    await a.close();
    const tablesOfFirst = await tablesOf(first);
    // a schema opened while another is being dropped still migrates (kysely's own introspector read every
    // schema and failed with "schema … does not exist")
    const [b] = await Promise.all([
      openDatabase({ dataDir: "/nonexistent", databaseUrl: url!, schema: second }),
      dropPostgresSchema(url!, first),
    ]);
    await b.close();
    expect(await tablesOf(second)).toEqual(tablesOfFirst);
    // a second start on a migrated schema runs nothing and keeps every table
    const c = await openDatabase({ dataDir: "/nonexistent", databaseUrl: url!, schema: third });
    await c.close();
    const again = await openDatabase({ dataDir: "/nonexistent", databaseUrl: url!, schema: third });
    await again.close();
    expect(await tablesOf(third)).toEqual(tablesOfFirst);
  });
});
