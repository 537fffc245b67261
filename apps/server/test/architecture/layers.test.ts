import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CruisedModule,
  floorViolations,
  folderArrows,
  folderCycles,
  SERVER_TREE,
  WEB_TREE,
} from "./folder-floors.js";

/**
 * The layering rules of .dependency-cruiser.cjs (README "Architecture"), run with the same CLI as
 * `npm run lint:layers`: the real tree has no violation, and a deliberate back-arrow in a copy of it
 * is reported by the rule that forbids it. The same cruise gives the folder-level drawing of the server
 * and the web app, checked against their floors (folder-floors.ts): no arrow goes up a floor.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const CLI = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const CONFIG = ".dependency-cruiser.cjs";
/** One cruise parses every file with TypeScript: about 10 s of CPU, more on a busy machine. */
const CRUISE_TIMEOUT_MS = 180_000;

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

interface Cruise {
  violations: Violation[];
  modules: CruisedModule[];
}

/** Cruises `paths` (relative to `cwd`) with the repo's rules; the CLI's exit code counts errors. */
async function cruise(cwd: string, paths: string[]): Promise<Cruise> {
  const args = [CLI, "--config", CONFIG, "--output-type", "json", ...paths];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd,
    maxBuffer: 256 * 1024 * 1024,
  }).catch((err: { stdout?: string; stderr?: string }) => {
    if (!err.stdout) throw new Error(`dependency-cruiser failed: ${err.stderr ?? String(err)}`);
    return { stdout: err.stdout };
  });
  const result = JSON.parse(stdout) as { summary: { violations: Violation[] }; modules: CruisedModule[] };
  return { violations: result.summary.violations, modules: result.modules };
}

const summary = (violations: Violation[]) => violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

describe("import layering", () => {
  let copy = "";
  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-layers-"));
    for (const tree of [SERVER_TREE, WEB_TREE])
      fs.cpSync(path.join(ROOT, tree.root), path.join(copy, tree.root), { recursive: true });
    for (const file of [CONFIG, "tsconfig.base.json"])
      fs.copyFileSync(path.join(ROOT, file), path.join(copy, file));
  });
  afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it(
    "the server, the web app and the packages have no arrow against the layers and no import cycle",
    async () => {
      const packages = fs.readdirSync(path.join(ROOT, "packages")).map((name) => `packages/${name}/src`);
      const { violations, modules } = await cruise(ROOT, ["apps/server/src", "apps/web/src", ...packages]);
      expect(summary(violations)).toEqual([]);
      // every folder is on a floor and every folder-level arrow goes down
      expect(floorViolations(SERVER_TREE, modules)).toEqual([]);
      expect(floorViolations(WEB_TREE, modules)).toEqual([]);
      // and no folders import each other round in a circle, not even sideways on one floor
      expect(folderCycles(SERVER_TREE, modules)).toEqual([]);
      // the drawing is really there: the app reaches down to the kit, the web app's router to a feature
      const arrows = (tree: typeof SERVER_TREE) =>
        folderArrows(tree, modules).map((arrow) => `${arrow.from} -> ${arrow.to}`);
      expect(arrows(SERVER_TREE)).toEqual(
        expect.arrayContaining(["http -> http-kit", "content/http -> http-kit"]),
      );
      expect(arrows(WEB_TREE)).toEqual(
        expect.arrayContaining(["app -> features/repos", "features/repos -> lib"]),
      );
    },
    CRUISE_TIMEOUT_MS,
  );

  it(
    "reports each deliberate back-arrow by the rule it breaks",
    async () => {
      const probe = (file: string, text: string) => {
        const target = path.join(copy, "apps/server/src", file);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, text);
      };
      probe("platform/layer-probe.ts", 'export { createApp } from "../http/app.js";\n');
      probe("mirror/layer-probe.ts", 'export { startHub } from "../server.js";\n');
      probe("http/layer-probe.ts", 'export { openHubDatabase } from "../compose/open-hub-database.js";\n');
      probe("db/layer-probe.ts", 'export { Repos } from "../platform/repos.js";\n');
      probe("db/migrations/layer-probe.ts", 'export { isSqlite } from "../search-indexes.js";\n');
      probe("domain/layer-probe.ts", 'export type { RepoRow } from "../platform/repos.js";\n');
      probe("platform/probe-a.ts", 'import { b } from "./probe-b.js";\nexport const a = () => b;\n');
      probe("platform/probe-b.ts", 'import { a } from "./probe-a.js";\nexport const b = () => a;\n');
      probe("http-kit/layer-probe.ts", 'export type { Repos } from "../platform/repos.js";\n');
      probe("sso/http/layer-probe.ts", 'export type { AppDeps } from "../../http/deps.js";\n');
      probe(
        "content/cycle-probe.ts",
        'export { collectGarbage } from "../maintenance/gc/collect-garbage.js";\n',
      );
      const webProbe = (file: string, text: string) =>
        fs.writeFileSync(path.join(copy, WEB_TREE.root, file), text);
      webProbe("features/search/layer-probe.ts", 'export * from "../orgs/members-page.js";\n');
      webProbe("lib/layer-probe.ts", 'export * from "../features/orgs/members-page.js";\n');

      const { violations, modules } = await cruise(copy, [SERVER_TREE.root, WEB_TREE.root]);
      const found = summary(violations);
      expect(found).toEqual(
        expect.arrayContaining([
          "services-do-not-import-http: apps/server/src/platform/layer-probe.ts -> apps/server/src/http/app.ts",
          "services-do-not-import-http: apps/server/src/mirror/layer-probe.ts -> apps/server/src/server.ts",
          "lower-layers-do-not-import-entry: apps/server/src/http/layer-probe.ts -> apps/server/src/compose/open-hub-database.ts",
          "db-imports-db-and-domain: apps/server/src/db/layer-probe.ts -> apps/server/src/platform/repos.ts",
          "migrations-are-sealed: apps/server/src/db/migrations/layer-probe.ts -> apps/server/src/db/search-indexes.ts",
          "domain-imports-nothing: apps/server/src/domain/layer-probe.ts -> apps/server/src/platform/repos.ts",
          "no-circular: apps/server/src/platform/probe-a.ts -> apps/server/src/platform/probe-b.ts",
          "kit-knows-no-capability: apps/server/src/http-kit/layer-probe.ts -> apps/server/src/platform/repos.ts",
          "capability-routes-do-not-import-the-app: apps/server/src/sso/http/layer-probe.ts -> apps/server/src/http/deps.ts",
          "web-features-do-not-import-features: apps/web/src/features/search/layer-probe.ts -> apps/web/src/features/orgs/members-page.tsx",
          "web-lower-floors-do-not-import-features: apps/web/src/lib/layer-probe.ts -> apps/web/src/features/orgs/members-page.tsx",
        ]),
      );
      // nothing but the probes is flagged
      expect(found.filter((line) => !/probe/.test(line))).toEqual([]);

      // a sideways arrow that closes a circle between two capabilities
      const withoutLayerProbes = modules.filter((module) => !module.source.includes("layer-probe"));
      const circles = folderCycles(SERVER_TREE, withoutLayerProbes);
      expect(circles).toHaveLength(1);
      expect(circles[0]).toEqual(expect.arrayContaining(["content", "maintenance"]));
      // the folder-level check sees the same back arrows on its own
      const upArrows = [...floorViolations(SERVER_TREE, modules), ...floorViolations(WEB_TREE, modules)];
      expect(upArrows).toEqual(
        expect.arrayContaining([
          "up from kit to capabilities: apps/server/src/http-kit/layer-probe.ts -> apps/server/src/platform/repos.ts",
          "up from capability routes to app: apps/server/src/sso/http/layer-probe.ts -> apps/server/src/http/deps.ts",
          "up from capabilities to app: apps/server/src/platform/layer-probe.ts -> apps/server/src/http/app.ts",
          "up from domain to capabilities: apps/server/src/domain/layer-probe.ts -> apps/server/src/platform/repos.ts",
          "between two features: apps/web/src/features/search/layer-probe.ts -> apps/web/src/features/orgs/members-page.tsx",
          "up from lib to features: apps/web/src/lib/layer-probe.ts -> apps/web/src/features/orgs/members-page.tsx",
        ]),
      );
      expect(upArrows.filter((line) => !/probe/.test(line))).toEqual([]);
    },
    CRUISE_TIMEOUT_MS,
  );
});
