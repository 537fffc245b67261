import { execFile } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, startHubProcess, type HubProcess } from "./hub-process.js";
import { randomFile, seedModel } from "./seed-upstream.js";

const MAIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const UPSTREAM_ADMIN = "hf_upstreamadmin0000000000000000000000";
const MIRROR_ADMIN = "hf_mirroradmin00000000000000000000000000";
const MB = 1024 * 1024;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a user would (no terminal: one summary line, no bars). */
function modelhub(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [MAIN, ...args],
      { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
}

describe("modelhub mirror pull", () => {
  let upstream: HubProcess;
  let mirror: HubProcess;
  const weights = randomFile("weights.bin", 3 * MB);
  const extra = randomFile("extra.bin", 1 * MB);

  beforeAll(async () => {
    upstream = await startHubProcess({ MODELHUB_ADMIN_TOKEN: UPSTREAM_ADMIN });
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/pinned", [
      { path: weights.path, content: weights.bytes },
      { path: extra.path, content: extra.bytes },
      { path: "README.md", content: "# pinned\n" },
    ]);
    mirror = await startHubProcess({
      MODELHUB_ADMIN_TOKEN: MIRROR_ADMIN,
      MODELHUB_UPSTREAM_URL: upstream.url,
      MODELHUB_UPSTREAM_TOKEN: UPSTREAM_ADMIN,
    });
  }, 120_000);

  afterAll(async () => {
    await mirror?.stop();
    await upstream?.stop();
    for (const dir of [mirror?.dataDir, upstream?.dataDir])
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("pins every LFS file of a revision and prints one summary line", async () => {
    const run = await modelhub(["mirror", "pull", "admin/pinned", "--endpoint", mirror.url], {
      HF_TOKEN: MIRROR_ADMIN,
    });
    expect(run.stderr).not.toContain("\x1b[");
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    expect(run.stdout).toMatch(/^pinned admin\/pinned@main: 2 LFS file\(s\), 4\.2 MB in /);
    const report = (await (await api(`${mirror.url}/api/admin/mirror`, MIRROR_ADMIN)).json()) as {
      repos: { id: string; pinnedBytes: number; files: number }[];
    };
    expect(report.repos.find((repo) => repo.id === "admin/pinned")).toMatchObject({
      files: 2,
      pinnedBytes: 4 * MB,
    });
  });

  it("finds the hub running on the data folder and takes the admin token from the environment", async () => {
    const run = await modelhub(["mirror", "pull", "admin/pinned", "--data", mirror.dataDir], {
      MODELHUB_ADMIN_TOKEN: MIRROR_ADMIN,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`asking the hub at ${mirror.url}`);
  });

  it("answers with clear exit codes", async () => {
    const at = ["--endpoint", mirror.url];
    const usage = await modelhub(["mirror", "pull"]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("needs a repo id");
    expect((await modelhub(["mirror", "push", "a/b", ...at])).code).toBe(1);
    expect((await modelhub(["mirror", "pull", "admin/pinned", "--repo-type", "bogus", ...at])).code).toBe(1);

    const noToken = await modelhub(["mirror", "pull", "admin/pinned", ...at]);
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain("site admin's write token");

    const missing = await modelhub(["mirror", "pull", "admin/absent", ...at], { HF_TOKEN: MIRROR_ADMIN });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("not found");

    const badRevision = await modelhub(["mirror", "pull", "admin/pinned", "--revision", "nope", ...at], {
      HF_TOKEN: MIRROR_ADMIN,
    });
    expect(badRevision.code).toBe(2);

    const unreachable = await modelhub(
      ["mirror", "pull", "admin/pinned", "--endpoint", "http://127.0.0.1:9"],
      {
        HF_TOKEN: MIRROR_ADMIN,
      },
    );
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain("cannot reach");
  });
});
