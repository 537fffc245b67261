import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SecurityFileStatus, TreeEntry } from "@modelhub/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientHomes, PY_CLIENTS, runPython } from "../platform/helpers/python-clients.js";
import { DIALECTS, bearer, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { buildCorpus } from "./corpus.js";
import { commitFiles, createRepo, waitForScans } from "./helpers.js";

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "fields_check.py");

/** Corpus files committed to one repo, with the status the hub must give them (no clamd here). */
const EXPECTED: Record<string, SecurityFileStatus["status"]> = {
  "os_system_p2.pkl": "unsafe",
  "memo_stack_global.pkl": "unsafe",
  "evil_torch.pt": "unsafe",
  "objects_evil.npy": "unsafe",
  "state_dict.pkl": "safe",
  "pytorch_model.bin": "safe",
  "model.safetensors": "safe",
  "truncated.pkl": "suspicious",
  "sklearn_model.pkl": "caution",
};

describe.each(DIALECTS)("the Hub's security fields (%s)", (dialect) => {
  let hub: TestHub;
  let token = "";
  const corpus = buildCorpus();
  const homes = new ClientHomes("modelhub-scan-py-");
  const repo = "alice/scanned";

  beforeAll(async () => {
    hub = await startTestHub({ dialect, env: { MODELHUB_SCAN_WORKERS: "2" } });
    token = await hub.tokenFor("alice");
    await createRepo(hub.url, token, repo);
    await commitFiles(hub.url, token, repo, [
      ...Object.keys(EXPECTED).map((file) => ({
        path: file,
        bytes: fs.readFileSync(path.join(corpus.dir, file)),
      })),
      { path: "README.md", bytes: "---\nlicense: mit\n---\n# scanned\n" },
    ]);
    await waitForScans(hub.url, token, repo);
  }, 120_000);
  afterAll(async () => {
    await hub?.stop();
    homes.removeAll();
    fs.rmSync(corpus.dir, { recursive: true, force: true });
  });

  it("tree and paths-info carry securityFileStatus with all three keys, only with expand", async () => {
    const tree = (await (
      await fetch(`${hub.url}/api/models/${repo}/tree/main?expand=true`, { headers: bearer(token) })
    ).json()) as TreeEntry[];
    const byPath = new Map(tree.map((entry) => [entry.path, entry.securityFileStatus]));
    for (const [file, status] of Object.entries(EXPECTED)) {
      const security = byPath.get(file);
      expect(security, file).toBeDefined();
      expect(Object.keys(security!)).toEqual(
        expect.arrayContaining(["status", "avScan", "pickleImportScan"]),
      );
      expect(security!.status, file).toBe(status);
      expect(security!.avScan.status, "no clamd configured").toBe("unscanned");
    }
    expect(byPath.get("README.md")).toEqual(
      expect.objectContaining({
        status: "unscanned",
        pickleImportScan: expect.objectContaining({ status: "unscanned" }),
      }),
    );
    expect(byPath.get("os_system_p2.pkl")!.pickleImportScan.pickleImports).toContainEqual({
      module: "posix",
      name: "system",
      safety: "dangerous",
    });
    expect(byPath.get("model.safetensors")!.formatCheck).toEqual(
      expect.objectContaining({ format: "safetensors", status: "safe" }),
    );
    const plain = (await (
      await fetch(`${hub.url}/api/models/${repo}/tree/main`, { headers: bearer(token) })
    ).json()) as TreeEntry[];
    expect(plain.some((entry) => "securityFileStatus" in entry)).toBe(false);
    const info = (await (
      await fetch(`${hub.url}/api/models/${repo}/paths-info/main`, {
        method: "POST",
        headers: { ...bearer(token), "Content-Type": "application/x-www-form-urlencoded" },
        body: "paths=evil_torch.pt&paths=state_dict.pkl&expand=True",
      })
    ).json()) as TreeEntry[];
    expect(info.map((e) => [e.path, e.securityFileStatus?.status])).toEqual([
      ["evil_torch.pt", "unsafe"],
      ["state_dict.pkl", "safe"],
    ]);
  });

  it("answers securityRepoStatus and /scan with the files that have issues", async () => {
    const scan = (await (
      await fetch(`${hub.url}/api/models/${repo}/scan`, { headers: bearer(token) })
    ).json()) as {
      scansDone: boolean;
      filesWithIssues: { path: string; level: string }[];
    };
    expect(scan.scansDone).toBe(true);
    const issues = Object.entries(EXPECTED).filter(([, status]) => status !== "safe");
    expect(scan.filesWithIssues).toEqual(
      expect.arrayContaining(issues.map(([file, level]) => ({ path: file, level }))),
    );
    expect(scan.filesWithIssues).toHaveLength(issues.length);
    const info = (await (
      await fetch(`${hub.url}/api/models/${repo}?securityStatus=True`, { headers: bearer(token) })
    ).json()) as { securityRepoStatus?: unknown };
    expect(info.securityRepoStatus).toEqual({ scansDone: true, filesWithIssues: scan.filesWithIssues });
    const without = (await (
      await fetch(`${hub.url}/api/models/${repo}`, { headers: bearer(token) })
    ).json()) as object;
    expect("securityRepoStatus" in without).toBe(false);
    // a private repo's scan answers like its info: hidden from others
    expect((await fetch(`${hub.url}/api/models/alice/missing/scan`)).status).toBe(401);
  });

  it.skipIf(PY_CLIENTS.length === 0).each(PY_CLIENTS.map((client) => [client] as const))(
    "huggingface_hub reads them (PYTHONPATH=%s)",
    async (client) => {
      const run = await runPython(SCRIPT, {
        ...homes.env(client, hub.url),
        HF_TOKEN: token,
        SCAN_REPO: repo,
        SCAN_PATHS: "os_system_p2.pkl,state_dict.pkl,truncated.pkl",
      });
      expect(run.code, run.output).toBe(0);
      const seen = JSON.parse(run.output.trim().split("\n").pop()!) as {
        tree: Record<string, { safe: boolean; status: string; av: string; imports: string[] } | null>;
        plain: Record<string, unknown>;
        pathsInfo: Record<string, { safe: boolean; status: string }>;
        repoStatus: { scansDone: boolean; filesWithIssues: { path: string; level: string }[] };
      };
      for (const [file, status] of Object.entries(EXPECTED)) {
        expect(seen.tree[file]?.status, file).toBe(status);
        expect(seen.tree[file]?.safe, file).toBe(status === "safe");
      }
      expect(seen.tree["os_system_p2.pkl"]?.imports).toContain("posix.system:dangerous");
      expect(Object.values(seen.plain).every((security) => security === null)).toBe(true);
      expect(seen.pathsInfo["os_system_p2.pkl"]).toEqual(
        expect.objectContaining({ safe: false, status: "unsafe" }),
      );
      expect(seen.pathsInfo["state_dict.pkl"]).toEqual(
        expect.objectContaining({ safe: true, status: "safe" }),
      );
      expect(seen.pathsInfo["truncated.pkl"]?.status).toBe("suspicious");
      expect(seen.repoStatus.scansDone).toBe(true);
      expect(seen.repoStatus.filesWithIssues).toContainEqual({ path: "os_system_p2.pkl", level: "unsafe" });
    },
    120_000,
  );
});
