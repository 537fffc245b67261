import { createHash, randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
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
});
