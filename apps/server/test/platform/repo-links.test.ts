import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationProvider } from "../../src/db/migrations/index.js";
import { openHubDatabase } from "../../src/compose/open-hub-database.js";
import { dropPostgresSchema } from "../../src/db/open-database.js";
import { spacesLinkingTo } from "../../src/platform/repo-links.js";
import { bearer, DIALECTS, postJson, startTestHub, type Dialect, type TestHub } from "./helpers/test-hub.js";

type Kind = "model" | "dataset" | "space";

function card(front: string): string {
  return `---\n${front.trim()}\n---\n# Demo\n`;
}

describe.each(DIALECTS)("spaces ↔ models/datasets links (%s)", (dialect) => {
  let hub: TestHub;
  let alice: string;
  let bob: string;

  async function create(token: string, kind: Kind, id: string, isPrivate = false): Promise<void> {
    const [organization, name] = id.split("/");
    const res = await postJson(
      `${hub.url}/api/repos/create`,
      { name, organization, type: kind, private: isPrivate },
      token,
    );
    expect(res.status).toBe(200);
  }

  /** Commits files through the hub's commit API, so the card is derived for real. */
  async function commit(token: string, kind: Kind, id: string, files: Record<string, string>): Promise<void> {
    const body = [
      JSON.stringify({ key: "header", value: { summary: "Update", description: "" } }),
      ...Object.entries(files).map(([p, text]) =>
        JSON.stringify({
          key: "file",
          value: { path: p, content: Buffer.from(text).toString("base64"), encoding: "base64" },
        }),
      ),
    ].join("\n");
    const res = await fetch(`${hub.url}/api/${kind}s/${id}/commit/main`, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
      body,
    });
    expect(res.status).toBe(200);
  }

  async function info(kind: Kind, id: string, token?: string): Promise<Record<string, unknown>> {
    const res = await fetch(`${hub.url}/api/${kind}s/${id}`, { headers: token ? bearer(token) : {} });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  const spacesOf = async (model: string, token?: string) => (await info("model", model, token)).spaces;

  async function listed(query: string, token?: string): Promise<string[]> {
    const res = await fetch(`${hub.url}/api/spaces?${query}`, { headers: token ? bearer(token) : {} });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }[]).map((s) => s.id).sort();
  }

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    alice = await hub.tokenFor("alice");
    bob = await hub.tokenFor("bob");
    await create(alice, "model", "alice/encoder");
    await create(alice, "model", "alice/decoder");
    await create(alice, "dataset", "alice/reviews");
    await create(bob, "space", "bob/demo");
    // repeats (any case) are dropped, the first spelling wins
    await commit(bob, "space", "bob/demo", {
      "README.md": card(
        "sdk: static\nmodels:\n- alice/encoder\n- Alice/Decoder\n- alice/ENCODER\ndatasets: alice/reviews",
      ),
    });
  });
  afterAll(async () => {
    await hub?.stop();
  });

  it("lists a space on the models its card names, and the card's lists on the space", async () => {
    expect(await spacesOf("alice/encoder")).toEqual(["bob/demo"]);
    expect(await spacesOf("alice/decoder")).toEqual(["bob/demo"]);
    const space = await info("space", "bob/demo");
    expect(space.models).toEqual(["alice/encoder", "Alice/Decoder"]);
    expect(space.datasets).toEqual(["alice/reviews"]);
    // a model no card names, and a space without a card
    await create(alice, "model", "alice/unused");
    expect(await spacesOf("alice/unused")).toEqual([]);
    await create(bob, "space", "bob/empty");
    const empty = await info("space", "bob/empty");
    expect(empty.models).toEqual([]);
    expect(empty.datasets).toEqual([]);
  });

  it("filters the spaces listing by models=, datasets= and linked (as the Hub's list_spaces does)", async () => {
    expect(await listed("models=alice/encoder")).toEqual(["bob/demo"]);
    expect(await listed("models=ALICE/decoder")).toEqual(["bob/demo"]);
    expect(await listed("datasets=alice/reviews")).toEqual(["bob/demo"]);
    expect(await listed("models=alice/unused")).toEqual([]);
    expect(await listed("models=alice/encoder&datasets=alice/unknown")).toEqual([]);
    expect(await listed("linked=true")).toContain("bob/demo");
    expect(await listed("linked=true")).not.toContain("bob/empty");
    expect(await listed("search=empty")).toEqual(["bob/empty"]);
  });

  it("replaces the links on every commit", async () => {
    await create(bob, "space", "bob/switch");
    await commit(bob, "space", "bob/switch", { "README.md": card("models: [alice/encoder]") });
    expect(await spacesOf("alice/encoder")).toContain("bob/switch");
    await commit(bob, "space", "bob/switch", { "README.md": card("models: [alice/decoder]\ndatasets: []") });
    expect(await spacesOf("alice/encoder")).not.toContain("bob/switch");
    expect(await spacesOf("alice/decoder")).toContain("bob/switch");
    expect(await listed("models=alice/encoder")).not.toContain("bob/switch");
    expect((await info("space", "bob/switch")).models).toEqual(["alice/decoder"]);
  });

  it("orders spaces by likes and drops a deleted space", async () => {
    await create(bob, "space", "bob/liked");
    await commit(bob, "space", "bob/liked", { "README.md": card("models: alice/encoder") });
    const like = await postJson(`${hub.url}/api/spaces/bob/liked/like`, {}, alice);
    expect(like.status).toBe(200);
    expect(((await spacesOf("alice/encoder")) as string[])[0]).toBe("bob/liked");

    const res = await fetch(`${hub.url}/api/repos/delete`, {
      method: "DELETE",
      headers: { ...bearer(bob), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "liked", organization: "bob", type: "space" }),
    });
    expect(res.status).toBe(200);
    expect(await spacesOf("alice/encoder")).not.toContain("bob/liked");
    expect(await listed("models=alice/encoder")).not.toContain("bob/liked");
  });

  it("shows a private space only to those who may read it", async () => {
    await create(bob, "space", "bob/secret", true);
    await commit(bob, "space", "bob/secret", { "README.md": card("models: [alice/encoder]") });
    expect(await spacesOf("alice/encoder", bob)).toContain("bob/secret");
    expect(await spacesOf("alice/encoder", alice)).not.toContain("bob/secret");
    expect(await spacesOf("alice/encoder")).not.toContain("bob/secret");
    expect(await listed("models=alice/encoder", alice)).not.toContain("bob/secret");
    expect(await listed("models=alice/encoder", bob)).toContain("bob/secret");
  });

  it("keys links by id text: a renamed model loses them, a renamed space keeps them", async () => {
    await create(alice, "model", "alice/old-name");
    await create(bob, "space", "bob/uses-old");
    await commit(bob, "space", "bob/uses-old", { "README.md": card("models: [alice/old-name]") });
    expect(await spacesOf("alice/old-name")).toEqual(["bob/uses-old"]);

    const moved = await postJson(
      `${hub.url}/api/repos/move`,
      { fromRepo: "alice/old-name", toRepo: "alice/new-name", type: "model" },
      alice,
    );
    expect(moved.status).toBe(200);
    // the card still names the old id: the renamed model is not linked until the card is updated
    expect(await spacesOf("alice/new-name")).toEqual([]);
    await commit(bob, "space", "bob/uses-old", { "README.md": card("models: [alice/new-name]") });
    expect(await spacesOf("alice/new-name")).toEqual(["bob/uses-old"]);

    // a space's links belong to the space (its repo id), so they follow it to its new name
    const spaceMoved = await postJson(
      `${hub.url}/api/repos/move`,
      { fromRepo: "bob/uses-old", toRepo: "bob/uses-new", type: "space" },
      bob,
    );
    expect(spaceMoved.status).toBe(200);
    expect(await spacesOf("alice/new-name")).toEqual(["bob/uses-new"]);
    expect((await info("space", "bob/uses-new")).models).toEqual(["alice/new-name"]);
  });
});

/** An existing database whose spaces were stored before migration 0006 gets their links on upgrade. */
describe.each(DIALECTS)("repo_links backfill after migration 0006 (%s)", (dialect: Dialect) => {
  const schema = `mh_test_${randomBytes(6).toString("hex")}`;
  const databaseUrl = dialect === "postgres" ? process.env.DATABASE_URL : undefined;
  let dataDir = "";
  afterAll(async () => {
    if (databaseUrl) await dropPostgresSchema(databaseUrl, schema);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("fills the link table from the stored cards of spaces", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-repo-links-"));
    let old: Kysely<unknown>;
    if (databaseUrl) {
      const pool = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      old = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    } else {
      old = new Kysely<unknown>({
        dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, "modelhub.sqlite")) }),
      });
    }
    const migrated = await new Migrator({
      db: old,
      provider: migrationProvider,
      ...(databaseUrl ? { migrationTableSchema: schema } : {}),
    }).migrateTo("0005_search_name");
    expect(migrated.error).toBeUndefined();
    const insert = async (id: string, type: string, fullId: string, cardData: unknown, isPrivate = 0) => {
      const [owner, name] = fullId.split("/");
      await sql`INSERT INTO repos (id, type, owner, name, full_id, lookup_key, private, card_data, created_at, last_modified)
        VALUES (${id}, ${type}, ${owner}, ${name}, ${fullId}, ${`${type}:${fullId.toLowerCase()}`}, ${isPrivate},
                ${cardData === null ? null : JSON.stringify(cardData)}, '2024-01-01', '2024-01-01')`.execute(
        old,
      );
    };
    await insert("m1", "model", "lab/base", { license: "mit" });
    await insert("s1", "space", "ann/chat", { models: ["lab/base", "LAB/base"], datasets: "lab/data" });
    await insert("s2", "space", "ann/private", { models: ["lab/base"] }, 1);
    await insert("s3", "space", "ann/no-card", null);
    await insert("s4", "space", "ann/odd-card", { models: 42 });
    await old.destroy();

    const hub = await openHubDatabase({ dataDir, databaseUrl, schema: databaseUrl ? schema : undefined });
    try {
      const rows = await hub.db
        .selectFrom("repo_links")
        .selectAll()
        .orderBy("repo_id")
        .orderBy("kind")
        .orderBy("target_lower")
        .execute();
      expect(rows).toEqual([
        { repo_id: "s1", kind: "dataset", target_lower: "lab/data", target: "lab/data" },
        { repo_id: "s1", kind: "model", target_lower: "lab/base", target: "lab/base" },
        { repo_id: "s2", kind: "model", target_lower: "lab/base", target: "lab/base" },
      ]);
      // the startup job ran once, with its marker from migration 0006
      const marker = await hub.db
        .selectFrom("hub_meta")
        .select("key")
        .where("key", "=", "job:repo_links_backfill")
        .executeTakeFirst();
      expect(marker).toBeUndefined();
      expect(await spacesLinkingTo(hub.db, "model", "Lab/Base", { orgs: [] })).toEqual(["ann/chat"]);
      expect(await spacesLinkingTo(hub.db, "model", "lab/base", { user: "ann", orgs: [] })).toEqual([
        "ann/chat",
        "ann/private",
      ]);
      // asked for again (as after a crash between the job and removing its marker): same rows
      await hub.db
        .insertInto("hub_meta")
        .values({ key: "job:repo_links_backfill", value: "pending" })
        .execute();
    } finally {
      await hub.close();
    }
    const again = await openHubDatabase({ dataDir, databaseUrl, schema: databaseUrl ? schema : undefined });
    try {
      expect(await again.db.selectFrom("repo_links").select("repo_id").execute()).toHaveLength(3);
      expect(
        await again.db
          .selectFrom("hub_meta")
          .select("key")
          .where("key", "=", "job:repo_links_backfill")
          .execute(),
      ).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
