import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { gitCli, hasGitLfs, makeGitHome } from "./git-cli.js";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const pointerOf = (data: Buffer) =>
  `version https://git-lfs.github.com/spec/v1\noid sha256:${sha256(data)}\nsize ${data.length}\n`;

/** git push over smart HTTP refuses commits whose LFS pointers name objects the hub does not hold. */
describe.each(DIALECTS)("git push checks LFS pointers (%s)", (dialect) => {
  let hub: TestHub;
  let token: string;
  let home: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const remote = (name: string) => `${hub.url}/dave/${name}`.replace("http://", `http://dave:${token}@`);
  const git = (args: string[], cwd: string) => gitCli(args, cwd, home);

  const createAndClone = async (name: string): Promise<string> => {
    const created = await postJson(
      `${hub.url}/api/repos/create`,
      { name, organization: "dave", type: "model" },
      token,
    );
    expect(created.status).toBe(200);
    const clone = join(home, name);
    const cloned = await git(["clone", "--quiet", remote(name), clone], home);
    expect(cloned.code, cloned.stderr).toBe(0);
    return clone;
  };
  const apiSha = async (name: string) =>
    (
      (await (await fetch(`${hub.url}/api/models/dave/${name}`, { headers: auth() })).json()) as {
        sha: string;
      }
    ).sha;
  const listed = async (name: string, rev = "main") => {
    const response = await fetch(`${hub.url}/api/models/dave/${name}/tree/${rev}?recursive=true`, {
      headers: auth(),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { path: string }[]).map((entry) => entry.path);
  };
  const commitAll = async (clone: string, message: string) => {
    expect((await git(["add", "-A"], clone)).code).toBe(0);
    const committed = await git(["commit", "-qm", message], clone);
    expect(committed.code, committed.stderr).toBe(0);
    return (await git(["rev-parse", "HEAD"], clone)).stdout.trim();
  };
  /** Commits a pointer by hand: the object itself never reaches the client's LFS store or the hub. */
  const commitOrphanPointer = async (clone: string, path: string, data: Buffer) => {
    await mkdir(join(clone, path, ".."), { recursive: true });
    await writeFile(join(clone, path), pointerOf(data));
    return commitAll(clone, `pointer only: ${path}`);
  };

  beforeAll(async () => {
    hub = await startTestHub({ dialect, seed: false });
    token = await hub.tokenFor("dave");
    home = await makeGitHome("push-lfs-check-", "Dave", "dave@example.com");
  });
  afterAll(async () => {
    await hub?.stop();
    await rm(home, { recursive: true, force: true });
  });

  it.skipIf(!hasGitLfs())(
    "refuses a push whose pointer names an object never uploaded: no ref moves, the client is told why",
    async () => {
      const clone = await createAndClone("orphan");
      const start = await apiSha("orphan");
      const startInfo = (await (
        await fetch(`${hub.url}/api/models/dave/orphan`, { headers: auth() })
      ).json()) as { lastModified: string };
      const weights = randomBytes(40_000);
      await commitOrphanPointer(clone, "weights.bin", weights);
      // --no-verify skips git-lfs' pre-push upload, as a client without git-lfs would.
      const push = await git(["push", "--no-verify", "origin", "main"], clone);
      expect(push.code).not.toBe(0);
      expect(push.stderr).toContain(`sha256:${sha256(weights)}`);
      expect(push.stderr).toContain("weights.bin");
      expect(push.stderr).toContain("never uploaded");
      expect(push.stderr).toMatch(/pre-receive hook declined/);

      expect(await apiSha("orphan")).toBe(start);
      expect(await listed("orphan")).not.toContain("weights.bin");
      expect(
        (await fetch(`${hub.url}/dave/orphan/resolve/main/weights.bin`, { headers: auth() })).status,
      ).toBe(404);
      const info = (await (await fetch(`${hub.url}/api/models/dave/orphan`, { headers: auth() })).json()) as {
        lastModified: string;
      };
      expect(info.lastModified).toBe(startInfo.lastModified);
      const remoteHeads = await git(["ls-remote", "origin"], clone);
      expect(remoteHeads.stdout).toContain(`${start}\trefs/heads/main`);

      // A pointer outside the LFS attributes and on a second ref refuses the whole push, good refs too.
      await git(["reset", "--hard", "-q", "origin/main"], clone);
      await writeFile(join(clone, "README.md"), "# fine\n");
      const fine = await commitAll(clone, "fine");
      await git(["checkout", "-q", "-b", "side"], clone);
      const stray = randomBytes(1000);
      await commitOrphanPointer(clone, "docs/stray pointer.txt", stray);
      const both = await git(["push", "--no-verify", "origin", "main", "side"], clone);
      expect(both.code).not.toBe(0);
      expect(both.stderr).toContain(`sha256:${sha256(stray)}`);
      expect(both.stderr).toContain("docs/stray pointer.txt");
      expect(await apiSha("orphan")).toBe(start);
      const refs = (await git(["ls-remote", "origin"], clone)).stdout;
      expect(refs).not.toContain(fine);
      expect(refs).not.toContain("refs/heads/side");
      const branch = await fetch(`${hub.url}/api/models/dave/orphan/tree/side`, { headers: auth() });
      expect(branch.status).toBe(404);
      // The good ref alone still goes through.
      const alone = await git(["push", "--no-verify", "origin", "main"], clone);
      expect(alone.code, alone.stderr).toBe(0);
      expect(await apiSha("orphan")).toBe(fine);
    },
  );

  it.skipIf(!hasGitLfs())(
    "keeps the normal git-lfs flow, plain pushes and ref deletions working",
    async () => {
      const clone = await createAndClone("normal");
      const weights = randomBytes(250_000);
      await writeFile(join(clone, "model.bin"), weights);
      await writeFile(join(clone, "config.json"), JSON.stringify({ model_type: "bert" }));
      const head = await commitAll(clone, "weights");
      expect((await readFile(join(clone, ".gitattributes"), "utf8")).includes("*.bin")).toBe(true);
      const push = await git(["push", "origin", "main"], clone);
      expect(push.code, push.stderr).toBe(0);
      expect(await apiSha("normal")).toBe(head);
      expect(await listed("normal")).toContain("model.bin");
      const download = await fetch(`${hub.url}/dave/normal/resolve/main/model.bin`, { headers: auth() });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(weights)).toBe(true);

      // The same pointer again (a rename) and a branch creation need no upload.
      await git(["mv", "model.bin", "renamed.bin"], clone);
      const renamed = await commitAll(clone, "rename");
      await git(["branch", "side"], clone);
      const again = await git(["push", "origin", "main", "side"], clone);
      expect(again.code, again.stderr).toBe(0);
      expect(await apiSha("normal")).toBe(renamed);
      expect(await listed("normal", "side")).toContain("renamed.bin");

      await writeFile(join(clone, "README.md"), "# plain\n");
      const plain = await commitAll(clone, "plain");
      const plainPush = await git(["push", "origin", "main"], clone);
      expect(plainPush.code, plainPush.stderr).toBe(0);
      expect(await apiSha("normal")).toBe(plain);

      const deletion = await git(["push", "origin", "--delete", "side"], clone);
      expect(deletion.code, deletion.stderr).toBe(0);
      expect((await git(["ls-remote", "origin"], clone)).stdout).not.toContain("refs/heads/side");
      expect(await apiSha("normal")).toBe(plain);
    },
  );

  it.skipIf(!hasGitLfs())("accepts the refused commit once its object is uploaded", async () => {
    const clone = await createAndClone("later");
    const start = await apiSha("later");
    const weights = randomBytes(120_000);
    const head = await commitOrphanPointer(clone, "late.bin", weights);
    const refused = await git(["push", "--no-verify", "origin", "main"], clone);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(sha256(weights));
    expect(await apiSha("later")).toBe(start);

    // Put the bytes into the client's LFS store and upload them with git-lfs.
    const oid = sha256(weights);
    const objectDir = join(clone, ".git", "lfs", "objects", oid.slice(0, 2), oid.slice(2, 4));
    await mkdir(objectDir, { recursive: true });
    await writeFile(join(objectDir, oid), weights);
    const upload = await git(["lfs", "push", "origin", "main"], clone);
    expect(upload.code, upload.stderr).toBe(0);
    expect(await apiSha("later")).toBe(start);

    // The same commit, still without the client's pre-push hook, now lands.
    const push = await git(["push", "--no-verify", "origin", "main"], clone);
    expect(push.code, push.stderr).toBe(0);
    expect(await apiSha("later")).toBe(head);
    const download = await fetch(`${hub.url}/dave/later/resolve/main/late.bin`, { headers: auth() });
    expect(Buffer.from(await download.arrayBuffer()).equals(weights)).toBe(true);

    // A pointer to a stored object with the wrong size is refused as well.
    await writeFile(
      join(clone, "wrong-size.bin"),
      pointerOf(weights).replace(`size ${weights.length}`, `size ${weights.length + 1}`),
    );
    await commitAll(clone, "wrong size");
    const wrong = await git(["push", "--no-verify", "origin", "main"], clone);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain(`is stored with ${weights.length} bytes`);
    expect(await apiSha("later")).toBe(head);
  });
});
