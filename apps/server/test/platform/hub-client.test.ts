import { randomBytes } from "node:crypto";
import {
  createRepo,
  deleteFile,
  deleteRepo,
  downloadFile,
  listFiles,
  listModels,
  modelInfo,
  uploadFiles,
  whoAmI,
} from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, startTestHub, type TestHub } from "./helpers/test-hub.js";

async function collect<T>(items: AsyncIterable<T>, max = 1000): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

describe.each(DIALECTS)("the official @huggingface/hub client against our server (%s)", (dialect) => {
  let hub: TestHub;
  let accessToken: string;
  let strangerToken: string;
  const repo = { type: "model" as const, name: "frank/client-model" };
  const big = new Uint8Array(randomBytes(11 * 1024 * 1024));

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    accessToken = await hub.tokenFor("frank");
    strangerToken = await hub.tokenFor("grace");
  });
  afterAll(() => hub?.stop());

  const hubUrl = () => hub.url;

  it("whoAmI", async () => {
    const me = await whoAmI({ accessToken, hubUrl: hubUrl() });
    expect(me).toMatchObject({ type: "user", name: "frank" });
  });

  it("createRepo, uploadFiles (small + >10 MB LFS), listFiles, downloadFile", async () => {
    const created = await createRepo({ repo, accessToken, hubUrl: hubUrl() });
    expect(created.repoUrl).toBe(`${hub.url}/frank/client-model`);

    const readme =
      "---\nlicense: mit\npipeline_tag: text-classification\nlibrary_name: transformers\n---\n# Client model\n";
    await uploadFiles({
      repo,
      accessToken,
      hubUrl: hubUrl(),
      useXet: false,
      files: [
        { path: "README.md", content: new Blob([readme]) },
        {
          path: "config.json",
          content: new Blob([
            JSON.stringify({ architectures: ["BertForSequenceClassification"], model_type: "bert" }),
          ]),
        },
        { path: "model.safetensors", content: new Blob([big]) },
      ],
    });

    const files = await collect(listFiles({ repo, hubUrl: hubUrl() }));
    const byPath = new Map(files.map((f) => [f.path, f]));
    expect([...byPath.keys()]).toEqual(
      expect.arrayContaining(["README.md", "config.json", "model.safetensors"]),
    );
    expect(byPath.get("model.safetensors")?.lfs?.size).toBe(big.length);

    const small = await downloadFile({ repo, path: "README.md", hubUrl: hubUrl() });
    expect(await small?.text()).toBe(readme);
    const large = await downloadFile({ repo, path: "model.safetensors", hubUrl: hubUrl() });
    expect(Buffer.from(await large!.arrayBuffer()).equals(Buffer.from(big))).toBe(true);
  });

  it("modelInfo and listModels see the derived metadata", async () => {
    const info = await modelInfo({
      name: repo.name,
      hubUrl: hubUrl(),
      additionalFields: ["library_name", "sha", "tags"],
    });
    expect(info).toMatchObject({
      name: "frank/client-model",
      task: "text-classification",
      library_name: "transformers",
      private: false,
    });
    expect(info.sha).toMatch(/^[0-9a-f]{40}$/);

    const found = await collect(listModels({ search: { query: "client-model" }, hubUrl: hubUrl() }));
    expect(found.map((m) => m.name)).toEqual(["frank/client-model"]);
    const byTag = await collect(
      listModels({ search: { tags: ["license:mit"], owner: "frank" }, hubUrl: hubUrl() }),
    );
    expect(byTag.map((m) => m.name)).toEqual(["frank/client-model"]);
    const none = await collect(
      listModels({ search: { query: "client-model", tags: ["license:apache-2.0"] }, hubUrl: hubUrl() }),
    );
    expect(none).toEqual([]);
  });

  it("counts a download of a counted file once", async () => {
    const before = (await (await fetch(`${hub.url}/api/models/${repo.name}`)).json()) as {
      downloads: number;
    };
    const res = await fetch(`${hub.url}/${repo.name}/resolve/main/config.json`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    await fetch(`${hub.url}/${repo.name}/resolve/main/config.json`, { method: "HEAD" });
    const after = (await (await fetch(`${hub.url}/api/models/${repo.name}`)).json()) as {
      downloads: number;
      downloadsAllTime: number;
    };
    expect(after.downloads).toBe(before.downloads + 1);
    expect(after.downloadsAllTime).toBeGreaterThanOrEqual(after.downloads);
  });

  it("createRepo with files commits them", async () => {
    const withFiles = { type: "dataset" as const, name: "frank/with-files" };
    await createRepo({
      repo: withFiles,
      accessToken,
      hubUrl: hubUrl(),
      files: [{ path: "data.csv", content: new Blob(["a,b\n1,2\n"]) }],
    });
    const files = await collect(listFiles({ repo: withFiles, hubUrl: hubUrl() }));
    expect(files.map((f) => f.path)).toContain("data.csv");
  });

  it("deleteFile", async () => {
    await deleteFile({ repo, path: "config.json", accessToken, hubUrl: hubUrl() });
    const files = await collect(listFiles({ repo, hubUrl: hubUrl() }));
    expect(files.map((f) => f.path)).not.toContain("config.json");
    expect(await downloadFile({ repo, path: "config.json", hubUrl: hubUrl() })).toBeNull();
  });

  it("private repos: readable by the owner only", async () => {
    const secret = { type: "model" as const, name: "frank/private-model" };
    await createRepo({ repo: secret, accessToken, hubUrl: hubUrl(), visibility: "private" });
    await uploadFiles({
      repo: secret,
      accessToken,
      hubUrl: hubUrl(),
      useXet: false,
      files: [{ path: "notes.txt", content: new Blob(["secret"]) }],
    });
    const mine = await downloadFile({ repo: secret, path: "notes.txt", accessToken, hubUrl: hubUrl() });
    expect(await mine?.text()).toBe("secret");
    await expect(
      modelInfo({ name: secret.name, hubUrl: hubUrl(), accessToken: strangerToken }),
    ).rejects.toThrow();
    await expect(downloadFile({ repo: secret, path: "notes.txt", hubUrl: hubUrl() })).rejects.toThrow();
    await expect(
      uploadFiles({
        repo: secret,
        accessToken: strangerToken,
        hubUrl: hubUrl(),
        useXet: false,
        files: [{ path: "x.txt", content: new Blob(["x"]) }],
      }),
    ).rejects.toThrow();
  });

  it("deleteRepo", async () => {
    await deleteRepo({ repo, accessToken, hubUrl: hubUrl() });
    await expect(modelInfo({ name: repo.name, hubUrl: hubUrl() })).rejects.toThrow();
  });
});
