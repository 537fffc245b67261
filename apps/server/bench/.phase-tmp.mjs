import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
const { resolveConfig } = await import("/work/main/apps/server/src/config/config.ts");
const { startHub } = await import("/work/main/apps/server/src/server.ts");
const { importCatalogue } = await import("/work/main/apps/server/src/seed/import-catalogue.ts");
const { loadCatalogue } = await import("/work/main/apps/server/src/seed/load-catalogue.ts");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-phase-"));
const config = resolveConfig({ port: "0", host: "127.0.0.1", data: dataDir }, { MODELHUB_SEED: "0", MODELHUB_WEB_DIR: "/nonexistent" });
const hub = await startHub(config, { logger: pino({ level: "silent" }) });
const acc = new Map();
function wrap(obj, name, label) {
  const orig = obj[name].bind(obj);
  obj[name] = async (...a) => { const t = performance.now(); try { return await orig(...a); } finally { acc.set(label, (acc.get(label) ?? 0) + performance.now() - t); } };
}
for (const m of ["find", "create", "addDownloads", "setSeedPopularity", "applyCommit", "setProviderMapping", "refreshRollingCounts"]) wrap(hub.services.repos, m, `repos.${m}`);
for (const m of ["canonicalNamespace"]) wrap(hub.services.accounts, m, `accounts.${m}`);

for (const m of ["init", "commitFiles"]) wrap(hub.content, m, `content.${m}`);
const { catalogue } = await loadCatalogue();
const CONC = Number(process.env.CONC ?? 1);
const t = performance.now();
const r = await importCatalogue({ services: hub.services, content: hub.content, logger: pino({ level: "silent" }) }, catalogue);
console.log("total", (performance.now() - t).toFixed(0), r);
for (const [k, v] of [...acc].sort((a, b) => b[1] - a[1])) console.log(k.padEnd(30), v.toFixed(0));
await hub.close();
fs.rmSync(dataDir, { recursive: true, force: true });
