import fs from "node:fs"; import os from "node:os"; import path from "node:path";
import { pino } from "pino";
import { resolveConfig } from "../dist/config/config.js";
import { toRepoRecord } from "../dist/platform/repos.js";
import { startHub } from "../dist/server.js";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mh-prof-"));
const config = resolveConfig({ port: "0", data: dataDir }, { MODELHUB_SEED: "0", MODELHUB_WEB_DIR: "/nonexistent" });
const hub = await startHub(config, { logger: pino({ level: "silent" }) });
await hub.services.accounts.createOrg({ name: "org-1" });
const row = await hub.services.repos.create({ type: "model", owner: "org-1", name: "m" });
await hub.services.repos.applyCommit(toRepoRecord(row), { sha: "0".repeat(40), date: new Date(), title: "x" }, { tags: ["a"], warnings: [], usedStorage: 0, siblings: [] });
for (const url of ["/api/tasks/zzz", "/api/models/org-1/m", "/api/models?limit=50"]) {
  let t = performance.now();
  for (let i = 0; i < 300; i++) await hub.app.request(url);
  console.log(url, "in-process ms/req", ((performance.now() - t) / 300).toFixed(2));
  t = performance.now();
  for (let i = 0; i < 300; i++) await hub.services.repos.find("model", "org-1/m");
  console.log("find ms", ((performance.now() - t) / 300).toFixed(3));
}
await hub.close(); fs.rmSync(dataDir, { recursive: true });
