import { createHash, randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { gitCli, hasGitLfs, makeGitHome } from "./git-cli.js";

/** The content routes inside the real server (platform auth, database, repo records). */
describe.each(DIALECTS)("content routes in the real hub (%s)", (dialect) => {
  let hub: TestHub;
  let token: string;
  let home: string;
  const withToken = (url: string) => url.replace("http://", `http://carol:${token}@`);

  beforeAll(async () => {
    hub = await startTestHub({ dialect, seed: false });
    token = await hub.tokenFor("carol");
    home = await makeGitHome("real-app-git-", "Carol", "carol@example.com");
  });
  afterAll(async () => {
    await hub?.stop();
    await rm(home, { recursive: true, force: true });
  });

  it("git push re-derives repo info; resolve counts downloads; private clones need the token", async () => {
    expect(
      (
        await postJson(
          `${hub.url}/api/repos/create`,
          { name: "pushed", organization: "carol", type: "model", private: true },
          token,
        )
      ).status,
    ).toBe(200);
    const anonymous = await gitCli(
      ["clone", "--quiet", `${hub.url}/carol/pushed`, join(home, "anon")],
      home,
      home,
    );
    expect(anonymous.code).not.toBe(0);
    const clone = join(home, "pushed");
    const cloned = await gitCli(
      ["clone", "--quiet", withToken(`${hub.url}/carol/pushed`), clone],
      home,
      home,
    );
    expect(cloned.code, cloned.stderr).toBe(0);

    await writeFile(join(clone, "README.md"), "---\nlicense: mit\ntags: [pushed]\n---\n# Pushed\n");
    await writeFile(
      join(clone, "config.json"),
      JSON.stringify({ architectures: ["GPT2LMHeadModel"], model_type: "gpt2" }),
    );
    const weights = randomBytes(200_000);
    if (hasGitLfs()) await writeFile(join(clone, "model.safetensors"), weights);
    await gitCli(["add", "."], clone, home);
    await gitCli(["commit", "-qm", "push from git"], clone, home);
    const push = await gitCli(["push", "origin", "main"], clone, home);
    expect(push.code, push.stderr).toBe(0);
    const head = (await gitCli(["rev-parse", "HEAD"], clone, home)).stdout.trim();

    const auth = { Authorization: `Bearer ${token}` };
    const info = (await (
      await fetch(`${hub.url}/api/models/carol/pushed`, { headers: auth })
    ).json()) as Record<string, unknown>;
    expect(info.sha).toBe(head);
    expect(info.library_name).toBe("transformers");
    expect(info.pipeline_tag).toBe("text-generation");
    expect(info.tags).toEqual(expect.arrayContaining(["pushed", "license:mit", "gpt2"]));
    expect(info.transformersInfo).toMatchObject({ auto_model: "AutoModelForCausalLM" });

    if (hasGitLfs()) {
      const download = await fetch(`${hub.url}/carol/pushed/resolve/main/model.safetensors`, {
        headers: auth,
      });
      expect(download.headers.get("X-Linked-Etag")).toBe(
        `"${createHash("sha256").update(weights).digest("hex")}"`,
      );
      expect(Buffer.from(await download.arrayBuffer()).equals(weights)).toBe(true);
    }
    const config = await fetch(`${hub.url}/carol/pushed/resolve/main/config.json`, { headers: auth });
    expect(JSON.parse(await config.text())).toMatchObject({ model_type: "gpt2" });
    const after = (await (
      await fetch(`${hub.url}/api/models/carol/pushed?expand[]=downloads&expand[]=downloadsAllTime`, {
        headers: auth,
      })
    ).json()) as { downloads: number };
    expect(after.downloads).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${hub.url}/carol/pushed/resolve/main/config.json`)).status).toBe(401);

    const fresh = join(home, "fresh");
    expect(
      (await gitCli(["clone", "--quiet", withToken(`${hub.url}/carol/pushed`), fresh], home, home)).code,
    ).toBe(0);
    expect(await readFile(join(fresh, "config.json"), "utf8")).toContain("gpt2");
  });

  it("kernel repos: create, commit, read, list, clone, push, move and delete like models", async () => {
    const auth = { Authorization: `Bearer ${token}` };
    const dave = await hub.tokenFor("dave");
    const created = await postJson(
      `${hub.url}/api/repos/create`,
      { name: "relu", organization: "carol", type: "kernel", private: true },
      token,
    );
    expect(created.status).toBe(200);
    expect(((await created.json()) as { url: string }).url).toBe(`${hub.url}/kernels/carol/relu`);
    for (const type of ["kernels", "Kernel", "bucket"]) {
      const bad = await postJson(`${hub.url}/api/repos/create`, { name: `k-${type}`, type }, token);
      expect(bad.status, type).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toContain("Invalid repo type");
    }

    const ndjson = [
      { key: "header", value: { summary: "kernel sources" } },
      ...[
        ["README.md", "---\nlicense: apache-2.0\ntags: [kernel]\n---\n# ReLU\n"],
        ["build/torch-universal/relu/__init__.py", "def relu(x):\n    return x\n"],
      ].map(([path, content]) => ({
        key: "file",
        value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
      })),
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");
    const commit = await fetch(`${hub.url}/api/kernels/carol/relu/commit/main`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/x-ndjson" },
      body: ndjson,
    });
    expect(commit.status).toBe(200);
    const committed = (await commit.json()) as { commitOid: string; commitUrl: string };
    expect(committed.commitUrl).toBe(`${hub.url}/kernels/carol/relu/commit/${committed.commitOid}`);
    expect(
      (await fetch(`${hub.url}/api/kernels/carol/relu/branch/v1`, { method: "POST", headers: auth })).status,
    ).toBe(200);

    const info = (await (
      await fetch(`${hub.url}/api/kernels/carol/relu`, { headers: auth })
    ).json()) as Record<string, unknown>;
    expect(info).toMatchObject({
      id: "carol/relu",
      author: "carol",
      private: true,
      sha: committed.commitOid,
    });
    expect(info.tags).toEqual(expect.arrayContaining(["kernel", "license:apache-2.0"]));
    expect(info.pipeline_tag).toBeUndefined();
    const atV1 = await fetch(`${hub.url}/api/kernels/carol/relu/revision/v1`, { headers: auth });
    expect(((await atV1.json()) as { sha: string }).sha).toBe(committed.commitOid);
    const tree = (await (
      await fetch(`${hub.url}/api/kernels/carol/relu/tree/v1?recursive=true`, { headers: auth })
    ).json()) as { path: string }[];
    expect(tree.map((entry) => entry.path)).toContain("build/torch-universal/relu/__init__.py");
    const refs = (await (
      await fetch(`${hub.url}/api/kernels/carol/relu/refs`, { headers: auth })
    ).json()) as {
      branches: { name: string }[];
    };
    expect(refs.branches.map((branch) => branch.name).sort()).toEqual(["main", "v1"]);
    const file = await fetch(
      `${hub.url}/kernels/carol/relu/resolve/v1/build/torch-universal/relu/__init__.py`,
      {
        headers: auth,
      },
    );
    expect(file.headers.get("X-Repo-Commit")).toBe(committed.commitOid);
    expect(await file.text()).toContain("def relu");
    expect(
      (await fetch(`${hub.url}/api/kernels/carol/relu/revision/nope`, { headers: auth })).headers.get(
        "X-Error-Code",
      ),
    ).toBe("RevisionNotFound");
    // a kernel is not a model of the same name
    expect((await fetch(`${hub.url}/api/models/carol/relu`, { headers: auth })).status).toBe(404);

    // private kernels: anonymous callers get 401, other users 404, like a private model
    for (const url of [
      "/api/kernels/carol/relu",
      "/api/kernels/carol/relu/tree/main",
      "/kernels/carol/relu/resolve/main/README.md",
    ]) {
      const anonymous = await fetch(`${hub.url}${url}`);
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.headers.get("X-Error-Code"), url).toBe("RepoNotFound");
      expect((await fetch(`${hub.url}${url}`, { headers: bearer(dave) })).status, url).toBe(404);
    }
    const listed = async (headers: Record<string, string>) =>
      (
        (await (await fetch(`${hub.url}/api/kernels?author=carol`, { headers })).json()) as { id: string }[]
      ).map((item) => item.id);
    expect(await listed({})).toEqual([]);
    expect(await listed(auth)).toEqual(["carol/relu"]);
    expect((await fetch(`${hub.url}/api/kernels?sdk=gradio`)).status).toBe(400);

    expect(
      (await postJson(`${hub.url}/api/kernels/carol/relu/settings`, { private: false }, token, "PUT")).status,
    ).toBe(200);
    expect(await listed({})).toEqual(["carol/relu"]);
    const oid = createHash("sha256").update("weights").digest("hex");
    const batch = await fetch(`${hub.url}/kernels/carol/relu.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/vnd.git-lfs+json" },
      body: JSON.stringify({ operation: "upload", objects: [{ oid, size: 7 }] }),
    });
    const upload = (await batch.json()) as { objects: { actions?: { upload?: { href: string } } }[] };
    expect(upload.objects[0].actions?.upload?.href).toContain(
      `/kernels/carol/relu.git/info/lfs/objects/${oid}`,
    );
    const clone = join(home, "kernel");
    expect(
      (await gitCli(["clone", "--quiet", `${hub.url}/kernels/carol/relu`, clone], home, home)).code,
    ).toBe(0);
    expect(await readFile(join(clone, "README.md"), "utf8")).toContain("# ReLU");
    await writeFile(
      join(clone, "build/torch-universal/relu/__init__.py"),
      "def relu(x):\n    return max(x, 0)\n",
    );
    await gitCli(["commit", "-qam", "clamp"], clone, home);
    await gitCli(["remote", "set-url", "origin", withToken(`${hub.url}/kernels/carol/relu`)], clone, home);
    const push = await gitCli(["push", "origin", "main"], clone, home);
    expect(push.code, push.stderr).toBe(0);
    expect(
      await (
        await fetch(`${hub.url}/kernels/carol/relu/resolve/main/build/torch-universal/relu/__init__.py`)
      ).text(),
    ).toContain("max(x, 0)");

    const moved = await postJson(
      `${hub.url}/api/repos/move`,
      { fromRepo: "carol/relu", toRepo: "carol/relu2", type: "kernel" },
      token,
    );
    expect(((await moved.json()) as { url: string }).url).toBe(`${hub.url}/kernels/carol/relu2`);
    const deleted = await postJson(
      `${hub.url}/api/repos/delete`,
      { name: "relu2", organization: "carol", type: "kernel" },
      token,
      "DELETE",
    );
    expect(deleted.status).toBe(200);
    expect((await fetch(`${hub.url}/api/kernels/carol/relu2`, { headers: auth })).status).toBe(404);
  });
});
