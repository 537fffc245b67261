import { createHash, randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHub, type TestHub } from "./fixtures.js";
import { gitCli, hasGitLfs, makeGitHome } from "./git-cli.js";
import { listen } from "./serve.js";

describe("git smart HTTP and git-lfs", () => {
  let hub: TestHub;
  let server: { url: string; close(): Promise<void> };
  let work: string;
  const withAuth = (url: string, token: string) => url.replace("http://", `http://user:${token}@`);

  beforeAll(async () => {
    hub = await createTestHub({ publicUrl: "" });
    server = await listen(hub.app);
    work = await makeGitHome("git-clients-", "Alice", "alice@example.com");
  });
  afterAll(async () => {
    await server.close();
    await hub.close();
    await rm(work, { recursive: true, force: true });
  });

  it("clones models, datasets and spaces; commit ids match the API", async () => {
    for (const [type, prefix] of [
      ["model", ""],
      ["dataset", "datasets/"],
      ["space", "spaces/"],
    ] as const) {
      const repo = hub.platform.add(type, `alice/r-${type}`);
      const { commit } = await hub.content.commitFiles(repo, {
        files: [{ path: "README.md", content: `# ${type}` }],
        title: "readme",
        author: "alice",
      });
      const target = join(work, `clone-${type}`);
      const result = await gitCli(
        ["clone", "--quiet", `${server.url}/${prefix}alice/r-${type}`, target],
        work,
        work,
      );
      expect(result.code, result.stderr).toBe(0);
      expect(await readFile(join(target, "README.md"), "utf8")).toBe(`# ${type}`);
      expect((await gitCli(["rev-parse", "HEAD"], target, work)).stdout.trim()).toBe(commit);
    }
  });

  it("answers a smart-HTTP POST of another type with git's 415, as a JSON error, without running git", async () => {
    hub.platform.add("model", "alice/typed");
    for (const service of ["git-upload-pack", "git-receive-pack"]) {
      for (const type of ["application/json", "text/plain", undefined]) {
        const res = await fetch(`${server.url}/alice/typed/${service}`, {
          method: "POST",
          headers: { Authorization: "Bearer hf_alice", ...(type ? { "Content-Type": type } : {}) },
          body: "0000",
        });
        expect(res.status, `${service} ${type}`).toBe(415);
        const body = (await res.json()) as { error: string };
        expect(body.error).toBe(`Expected POST with Content-Type 'application/x-${service}-request'`);
      }
    }
    // the right type goes to git, which reads the request (a flush packet: nothing wanted)
    const res = await fetch(`${server.url}/alice/typed/git-upload-pack`, {
      method: "POST",
      headers: { "Content-Type": "application/x-git-upload-pack-request" },
      body: "0000",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/x-git-upload-pack-result");
  });

  it("asks for credentials on private repos and refuses pushes without write access", async () => {
    const repo = hub.platform.add("model", "alice/private", { private: true });
    await hub.content.commitFiles(repo, {
      files: [{ path: "a.txt", content: "a" }],
      title: "a",
      author: "alice",
    });
    const anonymous = await gitCli(
      ["clone", "--quiet", `${server.url}/alice/private`, join(work, "p-anon")],
      work,
      work,
    );
    expect(anonymous.code).not.toBe(0);
    const bob = await gitCli(
      ["clone", "--quiet", withAuth(`${server.url}/alice/private`, "hf_bob"), join(work, "p-bob")],
      work,
      work,
    );
    expect(bob.code).not.toBe(0);
    const alice = await gitCli(
      ["clone", "--quiet", withAuth(`${server.url}/alice/private`, "hf_alice"), join(work, "p-alice")],
      work,
      work,
    );
    expect(alice.code, alice.stderr).toBe(0);

    const publicRepo = hub.platform.add("model", "alice/public");
    await hub.content.commitFiles(publicRepo, {
      files: [{ path: "a.txt", content: "a" }],
      title: "a",
      author: "alice",
    });
    const clone = join(work, "pub-bob");
    expect(
      (
        await gitCli(
          ["clone", "--quiet", withAuth(`${server.url}/alice/public`, "hf_bob"), clone],
          work,
          work,
        )
      ).code,
    ).toBe(0);
    await writeFile(join(clone, "b.txt"), "b");
    await gitCli(["add", "b.txt"], clone, work);
    await gitCli(["commit", "-qm", "b"], clone, work);
    expect((await gitCli(["push", "origin", "main"], clone, work)).code).not.toBe(0);
  });

  it.skipIf(!hasGitLfs())(
    "pushes a commit with an LFS file that lands like an API commit, and git lfs pull fetches it",
    async () => {
      const repo = hub.platform.add("model", "alice/pushed");
      await hub.content.init(repo);
      const clone = join(work, "pushed");
      const url = withAuth(`${server.url}/alice/pushed`, "hf_alice");
      expect((await gitCli(["clone", "--quiet", url, clone], work, work)).code).toBe(0);
      const weights = randomBytes(300_000);
      await writeFile(join(clone, "model.bin"), weights);
      await writeFile(
        join(clone, "config.json"),
        JSON.stringify({ architectures: ["BertForMaskedLM"], model_type: "bert" }),
      );
      await gitCli(["add", "."], clone, work);
      await gitCli(["commit", "-qm", "weights via git"], clone, work);
      const push = await gitCli(["push", "origin", "main"], clone, work);
      expect(push.code, push.stderr).toBe(0);

      const head = (await gitCli(["rev-parse", "HEAD"], clone, work)).stdout.trim();
      expect(await hub.content.resolve(repo, "main")).toBe(head);
      const files = await hub.content.listFiles(repo, "main");
      const sha = createHash("sha256").update(weights).digest("hex");
      expect(files.find((file) => file.path === "model.bin")?.lfs?.sha256).toBe(sha);
      const download = await fetch(`${server.url}/alice/pushed/resolve/main/model.bin`);
      expect(Buffer.from(await download.arrayBuffer()).equals(weights)).toBe(true);
      const derived = hub.platform.lastDerived("alice/pushed");
      expect(derived?.transformersInfo).toMatchObject({ auto_model: "AutoModelForMaskedLM" });
      expect(hub.platform.landed.at(-1)?.commit.sha).toBe(head);

      const second = join(work, "pushed-2");
      const clone2 = await gitCli(["clone", "--quiet", url, second], work, work);
      expect(clone2.code, clone2.stderr).toBe(0);
      await gitCli(["lfs", "pull"], second, work);
      expect((await readFile(join(second, "model.bin"))).equals(weights)).toBe(true);
    },
  );
});
