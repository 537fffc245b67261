import fs from "node:fs"; import os from "node:os"; import path from "node:path";
import { pino } from "pino";
import { sql } from "kysely";
import { resolveConfig } from "../dist/config/config.js";
import { toRepoRecord } from "../dist/platform/repos.js";
import { startHub } from "../dist/server.js";
import { listRepos } from "../dist/platform/search.js";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mh-prof-"));
const config = resolveConfig({ port: "0", data: dataDir }, { MODELHUB_SEED: "0", MODELHUB_WEB_DIR: "/nonexistent" });
const hub = await startHub(config, { logger: pino({ level: "silent" }) });
await hub.services.accounts.createOrg({ name: "org-1" });
for (let i = 0; i < 3000; i++) {
const row = await hub.services.repos.create({ type: "model", owner: "org-1", name: "m" + i });
await hub.services.repos.applyCommit(toRepoRecord(row), { sha: "0".repeat(40), date: new Date(), title: "x" }, { tags: ["a", "text-generation"], pipeline_tag: "text-generation", warnings: [], usedStorage: 0, siblings: [{path:"a",size:1,oid:"x"}], config: {architectures:["X"]} });
await hub.services.repos.addDownloads(row.id, [{ day: "2026-11-20", count: i * 7 % 1000 }]);
}
await hub.services.repos.refreshRollingCounts();
const q = { type: "model", viewer: { orgs: [] }, search: [], tags: [], sort: "downloads", direction: -1, limit: 50 };
let t = performance.now();
for (let i = 0; i < 100; i++) await listRepos(hub.services.hub.db, q);
console.log("listRepos ms", ((performance.now() - t) / 100).toFixed(2));
for (const url of ["/api/models?limit=50&sort=downloads", "/api/models?search=m12&limit=20", "/api/models/org-1/m5"]) {
  t = performance.now();
  for (let i = 0; i < 100; i++) await hub.app.request(url);
  console.log(url, ((performance.now() - t) / 100).toFixed(2));
}
const plan = await sql`EXPLAIN QUERY PLAN select * from repos where type = 'model' and private = 0 order by downloads_30d desc, id asc limit 51`.execute(hub.services.hub.db);
console.log(plan.rows);
await hub.close(); fs.rmSync(dataDir, { recursive: true });
