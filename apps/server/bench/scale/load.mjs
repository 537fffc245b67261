// Loads the synthetic catalogue straight into the hub database through the server's own db layer
// (openHubDatabase runs the migrations; kysely batch inserts inside transactions).
import crypto from "node:crypto";
import pg from "pg";
import { openHubDatabase } from "../../dist/compose/open-hub-database.js";
import { syntheticModels } from "./synthetic-models.mjs";

const REPO_BATCH = 500; // 30 columns × 500 rows stays under SQLite's and PostgreSQL's parameter limits
const TAG_BATCH = 5000;

/** PostgreSQL URL of a separate database for the benchmark (created when missing), so the hub's own data is untouched. */
export async function benchDatabaseUrl(baseUrl, name = "modelhub_scale") {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return url.toString();
}

function today() {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Empties the catalogue tables and inserts `count` models. Returns timings in ms.
 * `databaseUrl` undefined = SQLite file under `dataDir`.
 */
export async function loadCatalogue({ dataDir, databaseUrl, count, seed = 42, log = () => {} }) {
  const hub = await openHubDatabase({ dataDir, databaseUrl });
  const db = hub.db;
  const timings = {};
  try {
    let started = performance.now();
    for (const table of [
      "repo_tags",
      "download_days",
      "likes",
      "provider_mappings",
      "repos",
      "memberships",
      "tokens",
      "orgs",
      "users",
    ]) {
      await db.deleteFrom(table).execute();
    }
    timings.clear = performance.now() - started;

    started = performance.now();
    const owners = new Map();
    let repoRows = [];
    let tagRows = [];
    let dayRows = [];
    let inserted = 0;
    const day = today();
    const flush = async (final) => {
      if (repoRows.length === 0 && !final) return;
      const repos = repoRows;
      const tags = tagRows;
      const days = dayRows;
      repoRows = [];
      tagRows = [];
      dayRows = [];
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < repos.length; i += REPO_BATCH)
          await trx
            .insertInto("repos")
            .values(repos.slice(i, i + REPO_BATCH))
            .execute();
        for (let i = 0; i < tags.length; i += TAG_BATCH)
          await trx
            .insertInto("repo_tags")
            .values(tags.slice(i, i + TAG_BATCH))
            .execute();
        for (let i = 0; i < days.length; i += TAG_BATCH)
          await trx
            .insertInto("download_days")
            .values(days.slice(i, i + TAG_BATCH))
            .execute();
      });
      inserted += repos.length;
      if (inserted % 20_000 < repos.length) log(`  ${inserted} models`);
    };

    for (const m of syntheticModels(count, seed)) {
      if (!owners.has(m.owner)) owners.set(m.owner, m.createdAt);
      const id = crypto.randomBytes(12).toString("hex");
      const fullId = `${m.owner}/${m.name}`;
      repoRows.push({
        id,
        type: "model",
        owner: m.owner,
        name: m.name,
        full_id: fullId,
        lookup_key: `model:${fullId.toLowerCase()}`,
        private: 0,
        gated: "false",
        created_at: m.createdAt,
        last_modified: m.lastModified,
        sha: m.sha,
        card_data: JSON.stringify(m.cardData),
        tags: JSON.stringify(m.tags),
        pipeline_tag: m.task,
        library_name: m.library,
        config:
          m.library === "transformers"
            ? JSON.stringify({ architectures: ["AutoModel"], model_type: m.name.split("-")[0] })
            : null,
        transformers_info: null,
        widget_data: null,
        gguf: null,
        // derived without counts (there are no weight files), so the hub's start-up walk skips them
        safetensors: "{}",
        num_parameters: null,
        siblings: JSON.stringify([
          { path: ".gitattributes", size: 1519, oid: m.sha },
          { path: "README.md", size: m.readmeSize, oid: m.sha },
          { path: "config.json", size: 700, oid: m.sha },
        ]),
        warnings: "[]",
        used_storage: m.readmeSize + 2219,
        sdk: null,
        likes: m.likes,
        seed_likes: m.likes,
        downloads_all_time: m.downloadsAllTime,
        downloads_30d: m.downloads30d,
        trending_score: m.downloads30d / 30,
      });
      for (const tag of m.tags) tagRows.push({ repo_id: id, tag });
      // The hub recomputes downloads_30d from download_days at start, so the 30-day count lives there too.
      if (m.downloads30d > 0) dayRows.push({ repo_id: id, day, count: m.downloads30d });
      if (repoRows.length >= 10_000) await flush(false);
    }
    await flush(true);
    timings.models = performance.now() - started;

    started = performance.now();
    const users = [...owners].map(([name, createdAt]) => ({
      id: crypto.randomBytes(12).toString("hex"),
      name,
      name_lower: name.toLowerCase(),
      fullname: name,
      email: null,
      password_hash: null,
      is_admin: 0,
      created_at: createdAt,
    }));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < users.length; i += REPO_BATCH)
        await trx
          .insertInto("users")
          .values(users.slice(i, i + REPO_BATCH))
          .execute();
    });
    timings.owners = performance.now() - started;
    if (hub.dialect === "postgres") {
      started = performance.now();
      await pgAnalyze(db);
      timings.analyze = performance.now() - started;
    }
    return { timings, models: inserted, owners: owners.size, location: hub.location, dialect: hub.dialect };
  } finally {
    await hub.close();
  }
}

async function pgAnalyze(db) {
  const { sql } = await import("kysely");
  await sql`VACUUM (ANALYZE)`.execute(db);
}
