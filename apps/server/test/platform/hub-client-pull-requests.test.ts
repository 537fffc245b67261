import { commit, createRepo, downloadFile, uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, startTestHub, type TestHub } from "./helpers/test-hub.js";

describe.each(DIALECTS)("@huggingface/hub opens pull requests (%s)", (dialect) => {
  let hub: TestHub;
  let owner = "";
  let visitor = "";
  const repo = { type: "model" as const, name: "gina/js-pr-model" };
  const hubUrl = () => hub.url;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    owner = await hub.tokenFor("gina");
    visitor = await hub.tokenFor("hugo");
    await createRepo({ repo, accessToken: owner, hubUrl: hubUrl() });
    await uploadFiles({
      repo,
      accessToken: owner,
      hubUrl: hubUrl(),
      useXet: false,
      files: [{ path: "README.md", content: new Blob(["# JS model\n"]) }],
    });
  });
  afterAll(() => hub?.stop());

  it("a visitor's commit with isPullRequest (an LFS file included) lands on refs/pr/N, not main", async () => {
    // a direct commit is refused: the visitor cannot write
    await expect(
      uploadFiles({
        repo,
        accessToken: visitor,
        hubUrl: hubUrl(),
        useXet: false,
        files: [{ path: "direct.txt", content: new Blob(["no"]) }],
      }),
    ).rejects.toThrow(/write access/);

    const weights = new Uint8Array(12 * 1024 * 1024).fill(3);
    const result = await commit({
      repo,
      accessToken: visitor,
      hubUrl: hubUrl(),
      useXet: false,
      isPullRequest: true,
      title: "Add weights and fix the card",
      operations: [
        { operation: "addOrUpdate", path: "README.md", content: new Blob(["# JS model, improved\n"]) },
        { operation: "addOrUpdate", path: "model.safetensors", content: new Blob([weights]) },
      ],
    });
    expect(result?.pullRequestUrl).toMatch(/\/gina\/js-pr-model\/discussions\/1$/);

    const atPr = await downloadFile({ repo, path: "README.md", revision: "refs/pr/1", hubUrl: hubUrl() });
    expect(await atPr?.text()).toBe("# JS model, improved\n");
    const lfs = await downloadFile({
      repo,
      path: "model.safetensors",
      revision: "refs/pr/1",
      hubUrl: hubUrl(),
    });
    expect((await lfs?.arrayBuffer())?.byteLength).toBe(weights.length);
    const onMain = await downloadFile({ repo, path: "README.md", hubUrl: hubUrl() });
    expect(await onMain?.text()).toBe("# JS model\n");

    const details = await fetch(`${hub.url}/api/models/gina/js-pr-model/discussions/1`, {
      headers: bearer(owner),
    });
    expect(await details.json()).toMatchObject({
      isPullRequest: true,
      status: "draft",
      author: { name: "hugo" },
    });
  });
});
