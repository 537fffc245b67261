#!/usr/bin/env node
// Times the hub's own listing queries (platform listRepos) straight on the generated databases, one at a
// time, without HTTP: shows which query shapes are slow independent of machine load.
// node apps/server/bench/scale/queries.mjs   (PostgreSQL too when DATABASE_URL is set)
import path from "node:path";
import { openHubDatabase } from "../../dist/compose/open-hub-database.js";
import { listRepos } from "../../dist/platform/search.js";
import { DEFAULT_SCALE_DIR } from "./generate.mjs";
import { benchDatabaseUrl } from "./load.mjs";
import { prepareDatabase } from "./prepare-database.mjs";

const base = { type: "model", viewer: { orgs: [] }, search: [], tags: [], direction: -1, limit: 20 };
const CASES = {
  "sort by downloads": { ...base, sort: "downloads" },
  "default (trending)": { ...base, sort: "trending" },
  "search common (llama)": { ...base, sort: "trending", search: ["llama"] },
  "search rarer (bert-base)": { ...base, sort: "trending", search: ["bert-base"] },
  "search no match": { ...base, sort: "trending", search: ["zzzz"] },
  "search two words (llama instruct)": { ...base, sort: "trending", search: ["llama instruct"] },
  "search word + tag (bert text-classification)": {
    ...base,
    sort: "trending",
    search: ["bert text-classification"],
  },
  "search a tag alone (gguf)": { ...base, sort: "trending", search: ["gguf"] },
  "task+library common": {
    ...base,
    sort: "downloads",
    pipelineTag: "text-generation",
    library: "transformers",
  },
  "task+library rare": { ...base, sort: "downloads", pipelineTag: "robotics", library: "gguf" },
};

const targets = [{ dialect: "sqlite", dataDir: path.join(DEFAULT_SCALE_DIR, "sqlite") }];
if (process.env.DATABASE_URL) {
  targets.push({
    dialect: "postgres",
    dataDir: path.join(DEFAULT_SCALE_DIR, "postgres"),
    databaseUrl: await benchDatabaseUrl(process.env.DATABASE_URL),
  });
}
const results = new Map();
for (const target of targets) {
  await prepareDatabase(target);
  const hub = await openHubDatabase(target);
  try {
    for (const [name, query] of Object.entries(CASES)) {
      await listRepos(hub.db, query);
      const times = [];
      for (let i = 0; i < 15; i++) {
        const started = performance.now();
        await listRepos(hub.db, query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.set(`${name}|${target.dialect}`, times[7]);
    }
  } finally {
    await hub.close();
  }
}
console.log(`\n| query (median of 15, ms) | ${targets.map((t) => t.dialect).join(" | ")} |`);
console.log(`|---|${targets.map(() => "---:").join("|")}|`);
for (const name of Object.keys(CASES)) {
  console.log(
    `| ${name} | ${targets.map((t) => results.get(`${name}|${t.dialect}`).toFixed(1)).join(" | ")} |`,
  );
}
