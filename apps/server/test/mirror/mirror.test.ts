import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { downloadFile } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT, runUpload } from "../../src/transfer/index.js";
import { gitCli, hasGitLfs, makeGitHome } from "../content/git-cli.js";
import { api, cliEnvFor, startHubProcess, type HubProcess } from "./hub-process.js";
import { randomFile, seedModel } from "./seed-upstream.js";

const UPSTREAM_ADMIN = "hf_upstreamadmin0000000000000000000000";
const MIRROR_ADMIN = "hf_mirroradmin00000000000000000000000000";
const PYTHON_CLIENT = [...(process.env.MODELHUB_PY_CLIENTS ?? "").split(","), "/tmp/hfhub/v0.36.2/src"]
  .map((entry) => entry.trim())
  .find((entry) => entry !== "" && fs.existsSync(path.join(entry, "huggingface_hub")));

const README =
  "---\nlicense: mit\ntags:\n- mirror-test\npipeline_tag: text-classification\n---\n# Public model\n";

describe("ModelHub as a pull-through mirror of another ModelHub", () => {
  let upstream: HubProcess;
  let mirror: HubProcess;
  let userToken = "";
  let publicSha = "";
  const weights = randomFile("weights.bin", 3 * 1024 * 1024);
  const big = randomFile("big.bin", 8 * 1024 * 1024);
  // large enough to be hashed on a hashing thread (THREAD_HASH_MIN_BYTES): the failure paths run there
  const corrupt = randomFile("weights.bin", 8 * 1024 * 1024);
  const truncated = randomFile("weights.bin", 8 * 1024 * 1024);
  const kernelBinary = randomFile("_relu.abi3.so", 2 * 1024 * 1024);
  const temp: string[] = [];

  const m = (p: string) => `${mirror.url}${p}`;
  const u = (p: string) => `${upstream.url}${p}`;
  const upstreamGets = (repo: string, file: string) =>
    upstream.log.filter(
      (e) => e.method === "GET" && e.path?.startsWith(`/${repo}/resolve/`) && e.path.endsWith(`/${file}`),
    ).length;

  beforeAll(async () => {
    upstream = await startHubProcess({ MODELHUB_ADMIN_TOKEN: UPSTREAM_ADMIN });
    publicSha = await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/public-model", [
      { path: "README.md", content: README },
      { path: "config.json", content: '{"model_type":"bert"}' },
      { path: weights.path, content: weights.bytes },
    ]);
    expect(
      (await api(u("/api/models/admin/public-model/tag/main"), UPSTREAM_ADMIN, { body: { tag: "v1" } }))
        .status,
    ).toBe(200);
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/concurrent", [
      { path: big.path, content: big.bytes },
    ]);
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/truncated", [
      { path: truncated.path, content: truncated.bytes },
    ]);
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/corrupt", [
      { path: corrupt.path, content: corrupt.bytes },
    ]);
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/gated-model", [
      { path: "README.md", content: "# gated\n" },
      { path: weights.path, content: weights.bytes },
    ]);
    const gate = await api(u("/api/models/admin/gated-model/settings"), UPSTREAM_ADMIN, {
      method: "PUT",
      body: { gated: "auto" },
    });
    expect(gate.status).toBe(200);
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/secret-model", [{ path: "a.txt", content: "x" }], {
      private: true,
    });
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/tiny-GGUF", [{ path: "a.txt", content: "x" }]);
    await seedModel(upstream.url, UPSTREAM_ADMIN, "admin/shadowed", [{ path: "a.txt", content: "upstream" }]);
    // a kernel repo (the client libraries do not upload kernels; `modelhub upload` does)
    const kernelDir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-mirror-kernel-"));
    temp.push(kernelDir);
    fs.mkdirSync(path.join(kernelDir, "build"));
    fs.writeFileSync(
      path.join(kernelDir, "README.md"),
      "---\nlicense: apache-2.0\ntags:\n- kernel\n---\n# relu\n",
    );
    fs.writeFileSync(path.join(kernelDir, "build", kernelBinary.path), kernelBinary.bytes);
    const uploadKernel = (id: string, local: string) =>
      runUpload(["--repo-type", "kernel", "--endpoint", upstream.url, "--token", UPSTREAM_ADMIN, id, local], {
        stdout: { write: () => true },
        stderr: { write: (text: string) => process.stderr.write(text) },
        env: {},
        isTTY: false,
      });
    expect(await uploadKernel("admin/relu", kernelDir)).toBe(EXIT.ok);
    expect(await uploadKernel("admin/hidden-kernel", path.join(kernelDir, "README.md"))).toBe(EXIT.ok);

    mirror = await startHubProcess({
      MODELHUB_ADMIN_TOKEN: MIRROR_ADMIN,
      MODELHUB_UPSTREAM_URL: upstream.url,
      MODELHUB_UPSTREAM_TOKEN: UPSTREAM_ADMIN,
      MODELHUB_MIRROR_DENY: "*/*-GGUF,kernel:admin/hidden-*",
      MODELHUB_UPSTREAM_TIMEOUT_S: "5",
    });
    // a local user of the mirror (the upstream never sees this token)
    const created = spawnSync(
      process.execPath,
      [
        path.join(import.meta.dirname, "../../dist/cli/main.js"),
        "token",
        "create",
        "carol",
        "--write",
        "--data",
        mirror.dataDir,
      ],
      { encoding: "utf8", env: cliEnvFor(mirror.dataDir) },
    );
    userToken = created.stdout.trim().split("\n").pop() ?? "";
    expect(userToken.startsWith("hf_")).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await mirror?.stop();
    await upstream?.stop();
    for (const dir of [mirror?.dataDir, upstream?.dataDir, ...temp])
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers an id only the upstream has as a mirrored repo with the upstream's commit and metadata", async () => {
    const response = await api(m("/api/models/admin/public-model?blobs=true"));
    expect(response.status).toBe(200);
    const info = (await response.json()) as Record<string, unknown>;
    const upstreamInfo = (await (await api(u("/api/models/admin/public-model?blobs=true"))).json()) as Record<
      string,
      unknown
    >;
    expect(info.sha).toBe(publicSha);
    expect(info.mirror).toEqual({ upstream: upstream.url });
    expect(info.tags).toEqual(expect.arrayContaining(["mirror-test", "license:mit"]));
    expect(info.pipeline_tag).toBe("text-classification");
    expect(info.siblings).toEqual(upstreamInfo.siblings);
    expect(info.cardData).toEqual(upstreamInfo.cardData);
  });

  it("serves resolve with the upstream's headers and bytes, then from its own store", async () => {
    const first = await fetch(m(`/admin/public-model/resolve/main/${weights.path}`));
    expect(first.status).toBe(200);
    const upstreamHead = await fetch(u(`/admin/public-model/resolve/main/${weights.path}`), {
      method: "HEAD",
    });
    for (const header of ["X-Repo-Commit", "ETag", "X-Linked-Etag", "X-Linked-Size", "Content-Length"])
      expect(first.headers.get(header), header).toBe(upstreamHead.headers.get(header));
    expect(Buffer.from(await first.arrayBuffer()).equals(weights.bytes)).toBe(true);
    const before = upstreamGets("admin/public-model", weights.path);
    const ranged = await fetch(m(`/admin/public-model/resolve/${publicSha}/${weights.path}`), {
      headers: { Range: "bytes=100-199" },
    });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(weights.bytes.subarray(100, 200))).toBe(true);
    const readme = await fetch(m("/admin/public-model/resolve/v1/README.md"));
    expect(await readme.text()).toBe(README);
    expect(upstreamGets("admin/public-model", weights.path)).toBe(before);
  });

  it("answers tree, paths-info, refs and revision info like the upstream", async () => {
    for (const p of [
      "/api/models/admin/public-model/tree/main",
      `/api/models/admin/public-model/tree/v1?recursive=true`,
    ]) {
      const [mine, theirs] = await Promise.all([api(m(p)), api(u(p))]);
      expect(await mine.json()).toEqual(await theirs.json());
    }
    const body = { paths: ["config.json", weights.path] };
    const [mine, theirs] = await Promise.all([
      api(m("/api/models/admin/public-model/paths-info/main"), undefined, { body }),
      api(u("/api/models/admin/public-model/paths-info/main"), undefined, { body }),
    ]);
    expect(await mine.json()).toEqual(await theirs.json());
    const refs = (await (await api(m("/api/models/admin/public-model/refs"))).json()) as {
      tags: { name: string }[];
    };
    expect(refs.tags.map((t) => t.name)).toEqual(["v1"]);
    const atTag = (await (await api(m("/api/models/admin/public-model/revision/v1"))).json()) as {
      sha: string;
    };
    expect(atTag.sha).toBe(publicSha);
  });

  it("lists fetched mirrored repos with their mark; ?source= filters", async () => {
    const mirrored = (await (await api(m("/api/models?source=mirror"))).json()) as {
      id: string;
      mirror?: unknown;
    }[];
    expect(mirrored.map((r) => r.id)).toContain("admin/public-model");
    expect(mirrored.every((r) => r.mirror !== undefined)).toBe(true);
    const local = (await (await api(m("/api/models?source=local"))).json()) as { id: string }[];
    expect(local.map((r) => r.id)).not.toContain("admin/public-model");
    expect((await api(m("/api/models?source=elsewhere"))).status).toBe(400);
  });

  it("makes 20 concurrent downloads of an uncached file one upstream transfer", async () => {
    const before = upstreamGets("admin/concurrent", big.path);
    const bodies = await Promise.all(
      Array.from({ length: 20 }, async () =>
        Buffer.from(await (await fetch(m(`/admin/concurrent/resolve/main/${big.path}`))).arrayBuffer()),
      ),
    );
    for (const body of bodies) expect(body.equals(big.bytes)).toBe(true);
    expect(upstreamGets("admin/concurrent", big.path) - before).toBe(1);
  });

  it("never keeps bytes that do not match the pointer, and the client sees an error", async () => {
    // corrupt the object on the upstream's disk: it now serves wrong bytes of the right size
    const blob = path.join(
      upstream.dataDir,
      "lfs",
      corrupt.sha256.slice(0, 2),
      corrupt.sha256.slice(2, 4),
      corrupt.sha256.slice(4),
    );
    fs.writeFileSync(blob, Buffer.alloc(corrupt.bytes.length, 7));
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await fetch(m(`/admin/corrupt/resolve/main/${corrupt.path}`));
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
    }
    const mirroredBlob = path.join(
      mirror.dataDir,
      "lfs",
      corrupt.sha256.slice(0, 2),
      corrupt.sha256.slice(2, 4),
      corrupt.sha256.slice(4),
    );
    expect(fs.existsSync(mirroredBlob)).toBe(false);
    expect(upstreamGets("admin/corrupt", corrupt.path)).toBe(2);
  });

  it("never keeps a body the upstream cut short; the client's stream is aborted", async () => {
    const lfsPath = (dataDir: string) =>
      path.join(
        dataDir,
        "lfs",
        truncated.sha256.slice(0, 2),
        truncated.sha256.slice(2, 4),
        truncated.sha256.slice(4),
      );
    // the upstream still announces the whole size but has only the first 2 MiB to send
    fs.truncateSync(lfsPath(upstream.dataDir), 2 * 1024 * 1024);
    const response = await fetch(m(`/admin/truncated/resolve/main/${truncated.path}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe(String(truncated.bytes.length));
    await expect(response.arrayBuffer()).rejects.toThrow();
    expect(fs.existsSync(lfsPath(mirror.dataDir))).toBe(false);
  });

  it("hides denied ids and the upstream's private repos", async () => {
    expect((await api(u("/api/models/admin/tiny-GGUF"))).status).toBe(200);
    // anonymous callers get 401 for what they cannot see, like the Hub; signed-in ones 404
    expect((await api(m("/api/models/admin/tiny-GGUF"))).status).toBe(401);
    expect((await api(m("/api/models/admin/tiny-GGUF"), userToken)).status).toBe(404);
    expect((await api(u("/api/models/admin/secret-model"), UPSTREAM_ADMIN)).status).toBe(200);
    expect((await api(m("/api/models/admin/secret-model"))).status).toBe(401);
    for (const token of [userToken, MIRROR_ADMIN])
      expect((await api(m("/api/models/admin/secret-model"), token)).status).toBe(404);
    expect((await fetch(m("/admin/secret-model/resolve/main/a.txt"))).status).toBe(401);
  });

  it("keeps upstream gated repos gated: the mirror's admin decides", async () => {
    const info = (await (await api(m("/api/models/admin/gated-model"))).json()) as { gated: unknown };
    expect(info.gated).toBe("manual");
    const denied = await fetch(m(`/admin/gated-model/resolve/main/${weights.path}`), {
      headers: { Authorization: `Bearer ${userToken}` },
    });
    expect(denied.status).toBe(403);
    expect(denied.headers.get("X-Error-Code")).toBe("GatedRepo");
    expect((await api(m("/api/models/admin/gated-model/ask-access"), userToken, { body: {} })).status).toBe(
      200,
    );
    const handled = await api(m("/api/models/admin/gated-model/user-access-request/handle"), MIRROR_ADMIN, {
      body: { user: "carol", status: "accepted" },
    });
    expect(handled.status).toBe(200);
    const granted = await fetch(m(`/admin/gated-model/resolve/main/${weights.path}`), {
      headers: { Authorization: `Bearer ${userToken}` },
    });
    expect(granted.status).toBe(200);
    expect(Buffer.from(await granted.arrayBuffer()).equals(weights.bytes)).toBe(true);
  });

  it("refuses every write to a mirrored repo, saying why", async () => {
    const id = "admin/public-model";
    const attempts: [string, Response][] = [
      [
        "commit",
        await api(m(`/api/models/${id}/commit/main`), MIRROR_ADMIN, {
          body: '{"key":"header","value":{"summary":"x"}}\n',
          headers: { "Content-Type": "application/x-ndjson" },
        }),
      ],
      [
        "preupload",
        await api(m(`/api/models/${id}/preupload/main`), MIRROR_ADMIN, {
          body: { files: [{ path: "a", size: 1, sample: "" }] },
        }),
      ],
      [
        "lfs upload",
        await api(m(`/${id}.git/info/lfs/objects/batch`), MIRROR_ADMIN, {
          body: { operation: "upload", objects: [{ oid: "a".repeat(64), size: 1 }] },
          headers: { "Content-Type": "application/vnd.git-lfs+json" },
        }),
      ],
      [
        "settings",
        await api(m(`/api/models/${id}/settings`), MIRROR_ADMIN, { method: "PUT", body: { private: true } }),
      ],
      ["branch", await api(m(`/api/models/${id}/branch/dev`), MIRROR_ADMIN, { body: {} })],
      [
        "delete",
        await api(m("/api/repos/delete"), MIRROR_ADMIN, {
          method: "DELETE",
          body: { type: "model", name: id },
        }),
      ],
      [
        "move",
        await api(m("/api/repos/move"), MIRROR_ADMIN, {
          body: { fromRepo: id, toRepo: "admin/moved", type: "model" },
        }),
      ],
    ];
    for (const [name, response] of attempts) {
      const text = await response.text();
      expect([403], `${name}: ${text}`).toContain(response.status);
      expect(text, name).toContain("read-only mirror");
    }
  });

  it("lets a local repo with the same id win", async () => {
    expect(
      (
        await api(m("/api/repos/create"), MIRROR_ADMIN, {
          body: { type: "model", name: "shadowed", organization: "admin" },
        })
      ).status,
    ).toBe(200);
    const info = (await (await api(m("/api/models/admin/shadowed"))).json()) as { mirror?: unknown };
    expect(info.mirror).toBeUndefined();
    expect((await fetch(m("/admin/shadowed/resolve/main/a.txt"))).status).toBe(404);
  });

  it("mirrors kernel repos: info, files and the kernel: rule prefix", async () => {
    const info = (await (await api(m("/api/kernels/admin/relu"))).json()) as {
      id: string;
      mirror?: unknown;
      siblings?: { rfilename: string }[];
    };
    expect(info.id).toBe("admin/relu");
    expect(info.mirror).toEqual({ upstream: upstream.url });
    expect(info.siblings?.map((s) => s.rfilename)).toContain(`build/${kernelBinary.path}`);
    const file = await fetch(m(`/kernels/admin/relu/resolve/main/build/${kernelBinary.path}`));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(kernelBinary.bytes)).toBe(true);
    // the same id as a model is another repo, which the upstream does not have (anonymous: 401, as the Hub)
    expect((await api(m("/api/models/admin/relu"))).status).toBe(401);
    // `kernel:`-prefixed rules apply to kernels
    expect((await api(u("/api/kernels/admin/hidden-kernel"))).status).toBe(200);
    expect((await api(m("/api/kernels/admin/hidden-kernel"))).status).toBe(401);
    expect((await api(m("/api/kernels/admin/hidden-kernel"), userToken)).status).toBe(404);
  });

  it("downloads through @huggingface/hub", async () => {
    const blob = await downloadFile({ repo: "admin/public-model", path: "config.json", hubUrl: mirror.url });
    expect(await blob?.text()).toBe('{"model_type":"bert"}');
  });

  const cloneAndCheck = async (label: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mirror-clone-${label}-`));
    const home = await makeGitHome(`mirror-git-home-${label}-`, "Tester", "t@example.com");
    temp.push(dir, home);
    const clone = await gitCli(
      ["clone", "--quiet", m("/admin/public-model"), path.join(dir, "repo")],
      dir,
      home,
    );
    expect(clone.code, clone.stderr).toBe(0);
    const head = (await gitCli(["rev-parse", "HEAD"], path.join(dir, "repo"), home)).stdout.trim();
    expect(head).toBe(publicSha);
    expect(fs.readFileSync(path.join(dir, "repo", weights.path)).equals(weights.bytes)).toBe(true);
  };

  it.skipIf(!hasGitLfs())("clones with git and git-lfs", async () => {
    await cloneAndCheck("online");
  });

  const snapshot = (label: string) => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), `mirror-py-${label}-`));
    temp.push(home);
    const script = [
      "import os",
      "from huggingface_hub import snapshot_download, hf_hub_download, HfApi",
      "p = snapshot_download('admin/public-model')",
      "print(sorted(os.listdir(p)))",
      `print(open(hf_hub_download('admin/public-model', 'config.json', revision='v1')).read())`,
      `print(len(open(hf_hub_download('admin/public-model', '${weights.path}', revision='${publicSha}'), 'rb').read()))`,
      "print(HfApi().model_info('admin/public-model').sha)",
      "print(sorted(HfApi().list_repo_files('admin/public-model')))",
    ].join("\n");
    const run = spawnSync("/usr/bin/python3", ["-c", script], {
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        PYTHONPATH: PYTHON_CLIENT ?? "",
        HOME: home,
        HF_HOME: path.join(home, "hf"),
        HF_ENDPOINT: mirror.url,
        HF_HUB_DISABLE_TELEMETRY: "1",
        HF_HUB_DISABLE_PROGRESS_BARS: "1",
        HF_HUB_DISABLE_XET: "1",
      },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("['.gitattributes', 'README.md', 'config.json', 'weights.bin']");
    expect(run.stdout).toContain(String(weights.bytes.length));
    expect(run.stdout).toContain(publicSha);
  };

  it.skipIf(!PYTHON_CLIENT)(
    "works with huggingface_hub (snapshot_download, hf_hub_download, model_info)",
    () => {
      snapshot("online");
    },
  );

  describe("after the upstream stops", () => {
    beforeAll(async () => {
      await upstream.stop();
    });

    it("serves everything cached at the last known refs", async () => {
      const info = (await (await api(m("/api/models/admin/public-model"))).json()) as { sha: string };
      expect(info.sha).toBe(publicSha);
      const file = await fetch(m(`/admin/public-model/resolve/main/${weights.path}`));
      expect(Buffer.from(await file.arrayBuffer()).equals(weights.bytes)).toBe(true);
      expect((await api(m("/api/models/admin/public-model/tree/main"))).status).toBe(200);
    });

    it("answers what is not cached with a quick 504 naming the upstream", async () => {
      const started = Date.now();
      const response = await api(m("/api/models/admin/never-seen"));
      expect(response.status).toBe(504);
      expect(((await response.json()) as { error: string }).error).toContain(upstream.url);
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it.skipIf(!hasGitLfs())("still clones", async () => {
      await cloneAndCheck("offline");
    });

    it.skipIf(!PYTHON_CLIENT)("still works with huggingface_hub and an empty client cache", () => {
      snapshot("offline");
    });

    it("reports the cache to site admins only", async () => {
      expect((await api(m("/api/admin/mirror"), userToken)).status).toBe(403);
      const report = (await (await api(m("/api/admin/mirror"), MIRROR_ADMIN)).json()) as {
        hits: number;
        misses: number;
        cachedBytes: number;
        repos: { id: string }[];
        upstreamReachable: boolean;
      };
      expect(report.hits).toBeGreaterThan(0);
      expect(report.misses).toBeGreaterThan(0);
      expect(report.cachedBytes).toBeGreaterThanOrEqual(weights.bytes.length + big.bytes.length);
      expect(report.repos.map((r) => r.id)).toContain("admin/public-model");
    });
  });
});
