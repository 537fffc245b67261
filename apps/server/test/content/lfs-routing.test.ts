import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCatalogue, SEEDED_KEY, setMeta } from "../../src/seed/import-catalogue.js";
import { repairSeededLfsRouting } from "../../src/seed/repair-lfs-routing.js";
import type { DemoCatalogue } from "../../src/seed/catalogue/types.js";
import { bearer, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { catalogue } from "../seed-catalogue/catalogue-fixture.js";
import { gitCli, hasGitLfs, makeGitHome } from "./git-cli.js";

const SEEDED = ["bartowski/Qwen2.5-7B-Instruct-GGUF", "Qwen/Qwen2.5-7B-Instruct"];
const WEIGHTS = Buffer.from([0x47, 0x47, 0x55, 0x46, 0, 1, 2, 3, 0xff, 0xfe, 0, 0, 9]);

/** Clones with git-lfs and reports what the clone looks like to its user. */
interface CloneState {
  stderr: string;
  status: string;
  lfsFiles: string[];
  dir: string;
}

describe.skipIf(!hasGitLfs())("files at LFS-tracked paths are LFS pointers, so clones are clean", () => {
  let hub: TestHub;
  let token = "";
  let home = "";

  const clone = async (repo: string): Promise<CloneState> => {
    const dir = path.join(home, repo.replace("/", "__"));
    const url = `${hub.url.replace("http://", `http://alice:${token}@`)}/${repo}`;
    const cloned = await gitCli(["clone", url, dir], home, home);
    expect(cloned.code, cloned.stderr).toBe(0);
    const status = (await gitCli(["status", "--porcelain"], dir, home)).stdout;
    const lfsFiles = (await gitCli(["lfs", "ls-files", "--name-only"], dir, home)).stdout.trim().split("\n");
    return { stderr: cloned.stderr, status, lfsFiles, dir };
  };
  const expectClean = (state: CloneState) => {
    expect(state.stderr).not.toMatch(/should have been a pointer/);
    expect(state.status).toBe("");
  };
  const commit = (repo: string, lines: object[]) =>
    fetch(`${hub.url}/api/models/${repo}/commit/main`, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
      body: lines.map((line) => JSON.stringify(line)).join("\n"),
    });

  beforeAll(async () => {
    hub = await startTestHub();
    token = await hub.tokenFor("alice");
    home = await makeGitHome("lfs-routing-", "Alice", "alice@example.com");
  });
  afterAll(async () => {
    await hub?.stop();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  it("seeded GGUF and safetensors repos clone without warnings, weights smudged from LFS", async () => {
    const slice: DemoCatalogue = {
      ...catalogue(),
      repos: catalogue().repos.filter((repo) => SEEDED.includes(repo.id)),
      providerMappings: [],
    };
    expect(slice.repos).toHaveLength(2);
    const deps = { services: hub.services, content: hub.content, logger: hub.logger };
    expect((await importCatalogue(deps, slice)).repos).toBe(2);
    for (const repo of slice.repos) {
      const state = await clone(repo.id);
      expectClean(state);
      const weights = repo.files.filter((file) => /\.(gguf|safetensors)$/.test(file.path));
      expect(weights.length).toBeGreaterThan(0);
      for (const file of weights) {
        expect(state.lfsFiles).toContain(file.path);
        expect(fs.readFileSync(path.join(state.dir, file.path))).toEqual(Buffer.from(file.content));
      }
    }
    const info = await (await fetch(`${hub.url}/api/models/${SEEDED[0]}`)).json();
    expect(info).toMatchObject({ gguf: { architecture: "qwen2" } });
  });

  it("repo creation and NDJSON commits store inline files at tracked paths in LFS; lfsFile paths get a rule", async () => {
    const files = [
      { path: "README.md", content: "# weights\n", encoding: "utf-8" },
      { path: "model.safetensors", content: WEIGHTS.toString("base64"), encoding: "base64" },
      { path: "empty.bin", content: "", encoding: "base64" },
    ];
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "made", files }, token)).status).toBe(200);

    const custom = Buffer.from("custom weights format\0\x01");
    const oid = createHash("sha256").update(custom).digest("hex");
    const batch = await fetch(`${hub.url}/alice/made.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/vnd.git-lfs+json" },
      body: JSON.stringify({ operation: "upload", objects: [{ oid, size: custom.length }] }),
    });
    const answer = (await batch.json()) as { objects: { actions?: { upload: { href: string } } }[] };
    const href = answer.objects[0].actions?.upload.href;
    expect(href).toBeDefined();
    expect((await fetch(href!, { method: "PUT", body: custom })).status).toBe(200);
    const res = await commit("alice/made", [
      { key: "header", value: { summary: "more weights" } },
      {
        key: "file",
        value: { path: "sub/pytorch_model.bin", content: WEIGHTS.toString("base64"), encoding: "base64" },
      },
      { key: "lfsFile", value: { path: "weights/custom.dat", algo: "sha256", oid, size: custom.length } },
    ]);
    expect(res.status, await res.clone().text()).toBe(200);

    const state = await clone("alice/made");
    expectClean(state);
    expect(state.lfsFiles.sort()).toEqual([
      "model.safetensors",
      "sub/pytorch_model.bin",
      "weights/custom.dat",
    ]);
    expect(fs.readFileSync(path.join(state.dir, "sub/pytorch_model.bin"))).toEqual(WEIGHTS);
    expect(fs.readFileSync(path.join(state.dir, "weights/custom.dat"))).toEqual(custom);
    expect(fs.readFileSync(path.join(state.dir, ".gitattributes"), "utf8")).toMatch(
      /^weights\/custom\.dat filter=lfs diff=lfs merge=lfs -text$/m,
    );

    const tree = (await (await fetch(`${hub.url}/api/models/alice/made/tree/main?recursive=1`)).json()) as {
      path: string;
      lfs?: { oid: string };
    }[];
    const lfsPaths = tree.filter((entry) => entry.lfs).map((entry) => entry.path);
    expect(lfsPaths.sort()).toEqual(["model.safetensors", "sub/pytorch_model.bin", "weights/custom.dat"]);
    const download = await fetch(`${hub.url}/alice/made/resolve/main/model.safetensors`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(WEIGHTS);
  });

  it("a hub seeded before this fix gets its demo weights moved to LFS once, on the next start", async () => {
    const repo = "alice/old-seed";
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "old-seed" }, token)).status).toBe(200);
    // The state older hubs left: weights committed as plain git files while .gitattributes tracks them.
    const plain = await commit(repo, [
      { key: "header", value: { summary: "untracked first" } },
      { key: "file", value: { path: ".gitattributes", content: "", encoding: "base64" } },
      {
        key: "file",
        value: { path: "model.safetensors", content: WEIGHTS.toString("base64"), encoding: "base64" },
      },
    ]);
    expect(plain.status).toBe(200);
    const tracked = await commit(repo, [
      { key: "header", value: { summary: "track" } },
      {
        key: "file",
        value: {
          path: ".gitattributes",
          content: Buffer.from("*.safetensors filter=lfs diff=lfs merge=lfs -text\n").toString("base64"),
          encoding: "base64",
        },
      },
    ]);
    expect(tracked.status).toBe(200);
    expect((await clone(repo)).stderr).toMatch(/should have been a pointer/);

    const demo: DemoCatalogue = {
      ...catalogue(),
      repos: [
        {
          type: "model",
          id: repo,
          files: [{ path: "model.safetensors", content: WEIGHTS }],
          likes: 0,
          downloads: 0,
        },
      ],
      providerMappings: [],
    };
    const deps = { services: hub.services, content: hub.content, logger: hub.logger };
    await setMeta(hub.services, SEEDED_KEY);
    await hub.services.hub.db.deleteFrom("hub_meta").where("key", "=", "seed_lfs_routed_at").execute();
    expect(await repairSeededLfsRouting(deps, demo)).toBe(1);
    expect(await repairSeededLfsRouting(deps, demo)).toBe(0);
    fs.rmSync(path.join(home, repo.replace("/", "__")), { recursive: true, force: true });
    const state = await clone(repo);
    expectClean(state);
    expect(fs.readFileSync(path.join(state.dir, "model.safetensors"))).toEqual(WEIGHTS);
  });
});
