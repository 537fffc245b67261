import { createHash, randomBytes } from "node:crypto";
import {
  deleteFile,
  downloadFile,
  fileDownloadInfo,
  listCommits,
  listFiles,
  uploadFiles,
} from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHub, type TestHub } from "./fixtures.js";
import { listen } from "./serve.js";

describe("the official JS client against the content routes", () => {
  let hub: TestHub;
  let server: { url: string; close(): Promise<void> };
  const repo = { type: "model" as const, name: "alice/client-test" };
  const credentials = { accessToken: "hf_alice" };

  beforeAll(async () => {
    hub = await createTestHub({ publicUrl: "" });
    await hub.content.init(hub.platform.add("model", "alice/client-test"));
    server = await listen(hub.app);
  });
  afterAll(async () => {
    await server.close();
    await hub.close();
  });

  it("uploads a small file and a >10 MB LFS file, lists, downloads and deletes them", async () => {
    const big = randomBytes(11 * 1024 * 1024);
    const bigSha = createHash("sha256").update(big).digest("hex");
    const config = JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama" });
    await uploadFiles({
      repo,
      ...credentials,
      hubUrl: server.url,
      useXet: false,
      files: [
        { path: "config.json", content: new Blob([config]) },
        { path: "weights/model.safetensors", content: new Blob([big]) },
      ],
    });
    const stored = await hub.content.blobs.stat(bigSha);
    expect(stored).toBe(big.length);

    const files: { path: string; type: string; size: number; lfs?: { oid: string } }[] = [];
    for await (const file of listFiles({ repo, recursive: true, hubUrl: server.url, ...credentials }))
      files.push(file);
    const weights = files.find((file) => file.path === "weights/model.safetensors");
    expect(weights).toMatchObject({ type: "file", size: big.length, lfs: { oid: bigSha } });

    const info = await fileDownloadInfo({
      repo,
      path: "weights/model.safetensors",
      hubUrl: server.url,
      ...credentials,
    });
    expect(info?.size).toBe(big.length);
    expect(info?.etag).toBe(`"${bigSha}"`);

    const blob = await downloadFile({
      repo,
      path: "weights/model.safetensors",
      hubUrl: server.url,
      ...credentials,
    });
    const downloaded = Buffer.from(await blob!.arrayBuffer());
    expect(createHash("sha256").update(downloaded).digest("hex")).toBe(bigSha);
    const small = await downloadFile({ repo, path: "config.json", hubUrl: server.url, ...credentials });
    expect(await small!.text()).toBe(config);

    const derived = hub.platform.lastDerived("alice/client-test");
    expect(derived?.library_name).toBe("transformers");
    expect(derived?.transformersInfo).toMatchObject({
      auto_model: "AutoModelForCausalLM",
      pipeline_tag: "text-generation",
    });
    expect(derived?.tags).toEqual(
      expect.arrayContaining(["transformers", "safetensors", "llama", "text-generation"]),
    );

    await deleteFile({ repo, path: "config.json", hubUrl: server.url, ...credentials });
    expect(
      await fileDownloadInfo({ repo, path: "config.json", hubUrl: server.url, ...credentials }),
    ).toBeNull();

    const commits = [];
    for await (const commit of listCommits({ repo, hubUrl: server.url, ...credentials }))
      commits.push(commit);
    expect(commits.length).toBe(3);
  });
});
