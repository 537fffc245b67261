import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH, ndjsonCommit, startHubProcess, type HubProcess } from "./hub-process.js";

const dataDir = mkdtempSync(join(tmpdir(), "crash-reconcile-"));
let hub: HubProcess | undefined;

afterAll(async () => {
  await hub?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${hub!.url}${path}`, { ...init, headers: { ...AUTH, ...(init.headers as Record<string, string>) } });

describe("a hub SIGKILLed after a commit moved the git ref but before the database stored it", () => {
  it("re-derives the repo from the ref on restart: API sha == ref == X-Repo-Commit, files complete", async () => {
    hub = await startHubProcess(dataDir);
    const created = await api("/api/repos/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "crashy", type: "model" }),
    });
    expect(created.status).toBe(200);
    const first = await api("/api/models/admin/crashy/commit/main", {
      method: "POST",
      body: ndjsonCommit("base", { "a.txt": "a" }),
    });
    expect(first.status).toBe(200);
    const base = ((await first.json()) as { commitOid: string }).commitOid;
    await hub.kill("SIGTERM");

    // The next hub dies (SIGKILL, by the failure-injection point) right after moving refs/heads/main.
    hub = await startHubProcess(dataDir, { MODELHUB_TEST_CRASH_AT: "after-ref-move" });
    const lost = await api("/api/models/admin/crashy/commit/main", {
      method: "POST",
      body: ndjsonCommit("lands in git only", {
        "README.md": "---\nlibrary_name: transformers\npipeline_tag: text-generation\n---\n# crashy\n",
        "b.txt": "b",
      }),
    }).catch((err: unknown) => err);
    expect(lost).toBeInstanceOf(Error); // the client never saw it acknowledged
    expect((await hub.exited).signal).toBe("SIGKILL");
    const gitDir = join(dataDir, "repos", "models", "admin", "crashy.git");
    const ref = execFileSync("git", ["--git-dir", gitDir, "rev-parse", "refs/heads/main"]).toString().trim();
    expect(ref).not.toBe(base);

    hub = await startHubProcess(dataDir);
    expect(hub.output()).toContain("repo re-derived from its git ref");
    const info = (await (await api("/api/models/admin/crashy")).json()) as {
      sha: string;
      siblings: { rfilename: string }[];
      library_name?: string;
      pipeline_tag?: string;
    };
    expect(info.sha).toBe(ref);
    expect(info.siblings.map((s) => s.rfilename).sort()).toEqual([
      ".gitattributes",
      "README.md",
      "a.txt",
      "b.txt",
    ]);
    expect(info.library_name).toBe("transformers");
    expect(info.pipeline_tag).toBe("text-generation");
    const resolved = await api("/admin/crashy/resolve/main/b.txt", { method: "HEAD" });
    expect(resolved.headers.get("X-Repo-Commit")).toBe(ref);
    const next = await api("/api/models/admin/crashy/commit/main", {
      method: "POST",
      body: ndjsonCommit("after the crash", { "c.txt": "c" }, info.sha),
    });
    expect(next.status).toBe(200);
  }, 120_000);
});
