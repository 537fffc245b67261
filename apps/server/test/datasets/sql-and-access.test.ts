import os from "node:os";
import type { SqlResponse } from "@modelhub/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { datasetWithFiles, getJson, viewerUrl } from "./helpers.js";

describe("dataset viewer: SQL console sandbox and access rules", () => {
  let hub: TestHub;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    process.env.MODELHUB_DATASETS_SQL_TIMEOUT_MS = "1500";
    hub = await startTestHub();
    alice = await hub.tokenFor("alice");
    bob = await hub.tokenFor("bob");
    await datasetWithFiles(hub, alice, "alice/open", {
      "train.csv": "label,text\n0,good\n1,bad\n1,ugly\n",
      "test.csv": "label,text\n0,fine\n",
    });
    await datasetWithFiles(
      hub,
      alice,
      "alice/secret",
      { "train.csv": "code\nsecret-value-42\n" },
      { private: true },
    );
  });
  afterAll(async () => {
    delete process.env.MODELHUB_DATASETS_SQL_TIMEOUT_MS;
    await hub?.stop();
  });

  const sql = (query: string, dataset = "alice/open", token?: string) =>
    postJson(`${hub.url}/datasets-server/sql`, { dataset, query }, token);

  it("answers a read-only SELECT over the config's splits as tables", async () => {
    const response = await sql("SELECT label, count(*) AS n FROM train GROUP BY label ORDER BY label");
    expect(response.status).toBe(200);
    const body = (await response.json()) as SqlResponse;
    expect(body.columns.map((column) => column.name)).toEqual(["label", "n"]);
    expect(body.rows).toEqual([
      [0, 1],
      [1, 2],
    ]);
    const joined = (await (
      await sql("WITH t AS (SELECT * FROM test) SELECT count(*) FROM train, t")
    ).json()) as SqlResponse;
    expect(joined.rows).toEqual([[3]]);
  });

  it("cuts results at the row limit", async () => {
    const body = (await (await sql("SELECT * FROM range(5000)")).json()) as SqlResponse;
    expect(body.rows).toHaveLength(1000);
    expect(body.truncated).toBe(true);
  });

  it.each([
    ["a local file", "SELECT * FROM read_csv('/etc/passwd')"],
    ["a local file as text", "SELECT * FROM read_text('/etc/hostname')"],
    ["a glob of the file system", "SELECT * FROM glob('/*')"],
    ["an URL", "SELECT * FROM read_parquet('https://example.com/x.parquet')"],
    ["an URL through httpfs", "SELECT * FROM 'http://127.0.0.1:1/x.csv'"],
    ["ATTACH", "ATTACH '/tmp/evil.db' AS evil"],
    ["COPY out", "COPY (SELECT 1) TO '/tmp/evil.csv'"],
    ["PRAGMA", "PRAGMA database_list"],
    ["PRAGMA after a comment", "/* hi */ -- there\nPRAGMA show_tables"],
    ["DESCRIBE", "DESCRIBE train"],
    ["SET", "SET enable_external_access = true"],
    ["INSTALL", "INSTALL httpfs"],
    ["LOAD", "LOAD httpfs"],
    ["CREATE", "CREATE TABLE x AS SELECT 1"],
    ["multiple statements", "SELECT 1; SELECT * FROM read_text('/etc/passwd')"],
    ["a comment hiding a second statement", "SELECT 1 /* x */; DROP VIEW train -- y"],
    ["a statement after a line comment", "SELECT 1 --\n; SET threads = 8"],
  ])("refuses %s", async (_what, query) => {
    const response = await sql(query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(body.error).not.toMatch(/secret-value/);
  });

  it("cannot read another repo's Parquet files, even by their path on disk", async () => {
    const secretDir = hub.datasetViewer?.cache.root ?? "";
    const response = await sql(`SELECT * FROM read_parquet('${secretDir}/alice/secret/**/*.parquet')`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).not.toContain("secret-value-42");
  });

  it("stops a query at the time limit", async () => {
    const response = await sql("SELECT count(*) FROM range(100000000000) a");
    expect(response.status).toBe(408);
    expect(((await response.json()) as { error: string }).error).toMatch(/1500 ms/);
  });

  it("holds the time and memory limits while DuckDB prepares: constant bombs stop, the hub's memory stays put", async () => {
    const before = process.memoryUsage().rss;
    const bombs = await Promise.all(
      ["SELECT length(repeat('x', 1000000000))", "SELECT len(range(300000000))"].map(async (query) => {
        const response = await sql(query);
        return { status: response.status, error: ((await response.json()) as { error: string }).error };
      }),
    );
    for (const bomb of bombs) {
      expect([408, 422]).toContain(bomb.status);
      expect(bomb.error).toMatch(/1500 ms|memory/);
    }
    // the hub (this process) did not hold the 1 GB string
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
    // the next query gets a fresh console process
    const after = await sql("SELECT count(*) AS n FROM train");
    expect(after.status).toBe(200);
    expect(((await after.json()) as SqlResponse).rows).toEqual([[3]]);
  });

  it.each([
    ["duckdb_settings()", "SELECT name, value FROM duckdb_settings()"],
    ["a quoted, mixed-case duckdb_settings", 'SELECT * FROM "DuckDB_Settings"()'],
    ["current_setting", "SELECT current_setting('allowed_directories')"],
    ["current_setting with a schema", "SELECT main.current_setting('temp_directory') AS x FROM train"],
    ["pg_settings", "SELECT * FROM pg_catalog.pg_settings"],
    ["the database list", "SELECT * FROM duckdb_databases()"],
    ["the extension list", "SELECT * FROM duckdb_extensions()"],
    ["glob", "SELECT * FROM glob('*')"],
    ["SQL in a string", "SELECT * FROM query('SELECT * FROM duckdb_settings()')"],
  ])("does not show the server's settings or paths: %s", async (_what, query) => {
    const response = await sql(query);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toMatch(/not available in the SQL console/);
    expect(text).not.toContain(os.homedir());
    expect(text).not.toContain(hub.datasetViewer?.cache.root ?? "/nowhere");
  });

  it("keeps paths out of error messages and allows columns named like denied functions", async () => {
    for (const query of [
      "SELECT * FROM read_parquet('/etc/passwd')",
      "SELECT * FROM read_parquet('default/train/nope.parquet')",
      "SELECT * FROM nope",
    ]) {
      const response = await sql(query);
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).not.toContain(os.homedir());
      expect(text).not.toContain(os.tmpdir());
      expect(text).not.toMatch(/"\/(?:root|tmp|home|etc)/);
    }
    const named = await sql("SELECT text AS query, label AS glob FROM train ORDER BY text LIMIT 1");
    expect(named.status).toBe(200);
    expect(((await named.json()) as SqlResponse).columns.map((column) => column.name)).toEqual([
      "query",
      "glob",
    ]);
  });

  it("private datasets: 404 to others (401 anonymous), everything to their owner", async () => {
    for (const token of [undefined, bob]) {
      const rows = await getJson(
        viewerUrl(hub, "rows", { dataset: "alice/secret", config: "default", split: "train" }),
        token,
      );
      expect(rows.status).toBe(token ? 404 : 401);
      expect((await sql("SELECT * FROM train", "alice/secret", token)).status).toBe(token ? 404 : 401);
      expect((await getJson(`${hub.url}/api/datasets/alice/secret/parquet`, token)).status).toBe(
        token ? 404 : 401,
      );
    }
    const rows = await getJson<{ rows: { row: Record<string, unknown> }[] }>(
      viewerUrl(hub, "rows", { dataset: "alice/secret", config: "default", split: "train" }),
      alice,
    );
    expect(rows.body.rows[0].row.code).toBe("secret-value-42");
  });

  it("gated datasets: 401 anonymous, 403 without granted access", async () => {
    const settings = await fetch(`${hub.url}/api/datasets/alice/open/settings`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${alice}` },
      body: JSON.stringify({ gated: "manual" }),
    });
    expect(settings.status).toBe(200);
    const url = viewerUrl(hub, "first-rows", { dataset: "alice/open", config: "default", split: "train" });
    expect((await getJson(url)).status).toBe(401);
    expect((await getJson(url, bob)).status).toBe(403);
    expect((await getJson(url, alice)).status).toBe(200);
    expect((await sql("SELECT 1", "alice/open", bob)).status).toBe(403);
  });

  it("bad parameters are 4xx with a JSON error", async () => {
    expect((await getJson(`${hub.url}/datasets-server/rows`)).status).toBe(422);
    const tooLong = await getJson(
      viewerUrl(hub, "rows", { dataset: "alice/open", config: "default", split: "train", length: 101 }),
      alice,
    );
    expect(tooLong.status).toBe(422);
    expect(String(tooLong.body.error)).toContain("length");
    const unknown = await getJson(
      viewerUrl(hub, "rows", { dataset: "alice/open", config: "default", split: "nope" }),
      alice,
    );
    expect(unknown.status).toBe(404);
    const filter = (where: string) =>
      getJson(
        viewerUrl(hub, "filter", { dataset: "alice/open", config: "default", split: "train", where }),
        alice,
      );
    expect((await filter("label = 1; DROP TABLE x")).status).toBe(400);
    expect((await filter("read_text('/etc/passwd') = 1")).status).toBe(400);
  });
});
