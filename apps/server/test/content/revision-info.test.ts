import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

interface Info {
  sha: string;
  siblings: { rfilename: string }[];
  tags: string[];
  cardData?: { license?: string };
}

describe.each(DIALECTS)("repo info at a revision describes that revision's files (%s)", (dialect) => {
  let hub: TestHub;
  let token: string;
  let mainSha: string;

  const info = async (path: string) => {
    const res = await fetch(`${hub.url}/api/models/alice/revisions${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as Info;
  };
  const commit = async (branch: string, files: Record<string, string>) => {
    const lines = [
      { key: "header", value: { summary: `commit to ${branch}` } },
      ...Object.entries(files).map(([path, text]) => ({
        key: "file",
        value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" },
      })),
    ];
    const res = await fetch(`${hub.url}/api/models/alice/revisions/commit/${branch}`, {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
      body: lines.map((line) => JSON.stringify(line)).join("\n"),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { commitOid: string }).commitOid;
  };

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    token = await hub.tokenFor("alice");
    const created = await postJson(
      `${hub.url}/api/repos/create`,
      {
        name: "revisions",
        files: [{ path: "README.md", content: "---\nlicense: mit\n---\n# v1\n", encoding: "utf-8" }],
      },
      token,
    );
    expect(created.status).toBe(200);
    mainSha = (await info("")).sha;
    const branch = await postJson(`${hub.url}/api/models/alice/revisions/branch/dev`, {}, token);
    expect(branch.status).toBe(200);
    await commit("dev", { "README.md": "---\nlicense: apache-2.0\n---\n# v2\n", "weights.bin": "w" });
  });
  afterAll(() => hub?.stop());

  it("lists the branch's files and card, while main stays as it was", async () => {
    const dev = await info("/revision/dev");
    expect(dev.sha).not.toBe(mainSha);
    const devFiles = dev.siblings.map((s) => s.rfilename).filter((f) => f !== ".gitattributes");
    expect(devFiles.sort()).toEqual(["README.md", "weights.bin"]);
    expect(dev.cardData?.license).toBe("apache-2.0");
    expect(dev.tags).toContain("license:apache-2.0");
    const main = await info("/revision/main");
    expect(main.sha).toBe(mainSha);
    expect(main.siblings.map((s) => s.rfilename)).not.toContain("weights.bin");
    expect(main.cardData?.license).toBe("mit");
    // a commit id answers that commit's files too
    const old = await info(`/revision/${mainSha}`);
    expect(old.siblings.map((s) => s.rfilename)).not.toContain("weights.bin");
  });

  it("an unknown revision is RevisionNotFound", async () => {
    const res = await fetch(`${hub.url}/api/models/alice/revisions/revision/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get("X-Error-Code")).toBe("RevisionNotFound");
  });
});
