import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");

/**
 * The write, commit and ref requests `huggingface_hub` (1.x and 0.36) sends, replayed over HTTP with the
 * same shapes, so CI checks what `test/python-client` checks with the real client.
 */
describe.each(DIALECTS)("python client writes: commits, refs, squash (%s)", (dialect) => {
  let hub: TestHub;
  let alice = "";
  let aliceRead = "";
  let bob = "";

  const api = (path: string) => `${hub.url}/api/models/alice/${path}`;
  const commit = (repo: string, lines: object[], branch = "main", token = alice) =>
    fetch(api(`${repo}/commit/${branch}`), {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/x-ndjson" },
      body: lines.map((line) => JSON.stringify(line)).join("\n"),
    });
  const header = (summary: string, extra: object = {}) => ({
    key: "header",
    value: { summary, description: "", ...extra },
  });
  const file = (path: string, text: string) => ({
    key: "file",
    value: { path, content: b64(text), encoding: "base64" },
  });
  const commitIds = async (repo: string, rev = "main") =>
    (
      (await (await fetch(api(`${repo}/commits/${rev}`), { headers: bearer(alice) })).json()) as {
        id: string;
        title: string;
      }[]
    ).map((entry) => `${entry.id} ${entry.title}`);
  const files = async (repo: string, rev = "main") =>
    (
      (await (await fetch(api(`${repo}/tree/${rev}?recursive=true`), { headers: bearer(alice) })).json()) as {
        path: string;
        type: string;
        oid: string;
      }[]
    )
      .filter((entry) => entry.type === "file")
      .map((entry) => `${entry.path}@${entry.oid}`)
      .sort();
  const read = async (repo: string, path: string, rev = "main") =>
    (await fetch(`${hub.url}/alice/${repo}/resolve/${rev}/${path}`, { headers: bearer(alice) })).text();

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    alice = await hub.tokenFor("alice");
    aliceRead = await hub.tokenFor("alice", "read");
    bob = await hub.tokenFor("bob");
  });
  afterAll(() => hub?.stop());

  /** Uploads bytes as an LFS object of the repo (batch, then the PUT it hands out); returns its sha256. */
  async function uploadLfs(repo: string, bytes: Buffer): Promise<string> {
    const oid = createHash("sha256").update(bytes).digest("hex");
    const batch = await fetch(`${hub.url}/alice/${repo}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { ...bearer(alice), "Content-Type": "application/vnd.git-lfs+json" },
      body: JSON.stringify({
        operation: "upload",
        transfers: ["basic"],
        objects: [{ oid, size: bytes.length }],
      }),
    });
    const action = (
      (await batch.json()) as { objects: { actions?: { upload?: { href: string; header?: object } } }[] }
    ).objects[0].actions?.upload;
    expect(action).toBeDefined();
    expect(
      (await fetch(action!.href, { method: "PUT", headers: { ...action!.header }, body: bytes })).status,
    ).toBe(200);
    return oid;
  }

  async function createRepo(name: string): Promise<void> {
    const res = await postJson(`${hub.url}/api/repos/create`, { name, type: "model" }, alice);
    expect(res.status).toBe(200);
  }

  it("create_commit with a stale parent_commit → 412 with the reason; the current head → 200", async () => {
    await createRepo("parent");
    const first = (await (await commit("parent", [header("one"), file("x.txt", "1")])).json()) as {
      commitOid: string;
    };
    const second = (await (await commit("parent", [header("two"), file("x.txt", "2")])).json()) as {
      commitOid: string;
    };
    const stale = await commit("parent", [
      header("three", { parentCommit: first.commitOid }),
      file("x.txt", "3"),
    ]);
    expect(stale.status).toBe(412);
    expect(stale.headers.get("X-Error-Message")).toMatch(/is not the head of main/);
    expect(((await stale.json()) as { error: string }).error).toContain(first.commitOid);
    expect(await read("parent", "x.txt")).toBe("2");
    const fresh = await commit("parent", [
      header("three", { parentCommit: second.commitOid }),
      file("x.txt", "3"),
    ]);
    expect(fresh.status).toBe(200);
    expect(await read("parent", "x.txt")).toBe("3");
  });

  it("super_squash_history: one root commit with the same files; tags and other branches keep theirs", async () => {
    await createRepo("squash");
    await commit("squash", [header("a"), file("a.txt", "a"), file("dir/b.txt", "b")]);
    await commit("squash", [header("b"), file("a.txt", "a2")]);
    const [tagged] = await commitIds("squash");
    expect((await postJson(api("squash/tag/main"), { tag: "v1" }, alice)).status).toBe(200);
    expect((await postJson(api("squash/branch/keep"), {}, alice)).status).toBe(200);
    await commit("squash", [header("c"), { key: "deletedFile", value: { path: "dir/b.txt" } }]);
    const before = await files("squash");
    expect(await commitIds("squash")).toHaveLength(4);

    const res = await postJson(api("squash/super-squash/main"), { message: "Squashed!" }, alice);
    expect(res.status).toBe(200);
    const { commitId } = (await res.json()) as { commitId: string };
    expect(await commitIds("squash")).toEqual([`${commitId} Squashed!`]);
    expect(await files("squash")).toEqual(before);
    expect(await read("squash", "a.txt")).toBe("a2");
    const info = (await (await fetch(api("squash"), { headers: bearer(alice) })).json()) as { sha: string };
    expect(info.sha).toBe(commitId);
    const refs = (await (await fetch(api("squash/refs"), { headers: bearer(alice) })).json()) as {
      tags: { name: string; targetCommit: string }[];
      branches: { name: string }[];
    };
    expect(refs.tags).toEqual([expect.objectContaining({ name: "v1", targetCommit: tagged.split(" ")[0] })]);
    expect(refs.branches.map((branch) => branch.name).sort()).toEqual(["keep", "main"]);
    expect(await commitIds("squash", "keep")).toHaveLength(3);
    expect(await read("squash", "dir/b.txt", "v1")).toBe("b");

    // squashing another branch leaves main alone; the default message names the branch
    const other = await fetch(api("squash/super-squash/keep"), { method: "POST", headers: bearer(alice) });
    expect(other.status).toBe(200);
    expect((await commitIds("squash", "keep"))[0]).toMatch(/ Super-squash branch 'keep'$/);
    expect(await commitIds("squash")).toEqual([`${commitId} Squashed!`]);
  });

  it("super_squash_history refuses what it must: access, missing branch, bad body", async () => {
    await createRepo("squash-guard");
    await commit("squash-guard", [header("a"), file("a.txt", "a")]);
    const history = await commitIds("squash-guard");
    const url = api("squash-guard/super-squash/main");
    const post = (token: string | undefined, body: string) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(token ? bearer(token) : {}) },
        body,
      });
    expect((await post(undefined, "{}")).status).toBe(401);
    expect((await post(aliceRead, "{}")).status).toBe(403);
    expect((await post(bob, "{}")).status).toBe(403);
    const missing = await postJson(api("squash-guard/super-squash/nope"), {}, alice);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("X-Error-Code")).toBe("RevisionNotFound");
    for (const body of [
      "[1]",
      "{nope",
      JSON.stringify({ message: 7 }),
      JSON.stringify({ message: "a\u0000b" }),
    ])
      expect((await post(alice, body)).status, body).toBe(400);
    expect((await postJson(`${hub.url}/api/models/alice/none/super-squash/main`, {}, alice)).status).toBe(
      404,
    );
    expect(await commitIds("squash-guard")).toEqual(history);
  });

  it("create_branch from a revision (409 when it exists, as exist_ok expects), refs with include_prs", async () => {
    await createRepo("refs");
    const first = (await (await commit("refs", [header("one"), file("a.txt", "1")])).json()) as {
      commitOid: string;
    };
    await commit("refs", [header("two"), file("a.txt", "2")]);
    const made = await postJson(api("refs/branch/dev"), { startingPoint: first.commitOid }, alice);
    expect(made.status).toBe(200);
    const again = await postJson(api("refs/branch/dev"), { startingPoint: first.commitOid }, alice);
    expect(again.status).toBe(409);
    expect(await read("refs", "a.txt", "dev")).toBe("1");
    const missingStart = await postJson(api("refs/branch/dev2"), { startingPoint: "no-such" }, alice);
    expect(missingStart.status).toBe(404);
    expect(missingStart.headers.get("X-Error-Code")).toBe("RevisionNotFound");

    const pr = await commit("refs", [header("proposal"), file("pr.txt", "p")], "main?create_pr=1");
    expect(pr.status).toBe(200);
    const refs = (await (await fetch(api("refs/refs?include_prs=1"), { headers: bearer(alice) })).json()) as {
      branches: { name: string; targetCommit: string }[];
      pullRequests: { name: string; ref: string }[];
    };
    expect(refs.branches.find((branch) => branch.name === "dev")?.targetCommit).toBe(first.commitOid);
    expect(refs.pullRequests).toEqual([expect.objectContaining({ ref: "refs/pr/1" })]);
    const plain = (await (await fetch(api("refs/refs"), { headers: bearer(alice) })).json()) as object;
    expect(plain).not.toHaveProperty("pullRequests");

    const deleted = await fetch(api("refs/branch/dev"), { method: "DELETE", headers: bearer(alice) });
    expect(deleted.status).toBe(200);
    const gone = await fetch(api("refs/branch/dev"), { method: "DELETE", headers: bearer(alice) });
    expect(gone.status).toBe(404);
    expect(gone.headers.get("X-Error-Code")).toBe("RevisionNotFound");
    const badName = await postJson(api("refs/branch/bad..name"), {}, alice);
    expect(badName.status).toBe(400);
    expect(((await badName.json()) as { error: string }).error).toBeTruthy();
  });

  it("delete_file / delete_folder of a missing path → 404 EntryNotFound; copies of LFS objects", async () => {
    await createRepo("ops");
    await commit("ops", [header("a"), file("keep/a.txt", "a")]);
    const missingFile = await commit("ops", [
      header("rm"),
      { key: "deletedFile", value: { path: "nope.txt" } },
    ]);
    expect(missingFile.status).toBe(404);
    expect(missingFile.headers.get("X-Error-Code")).toBe("EntryNotFound");
    const missingFolder = await commit("ops", [
      header("rm"),
      { key: "deletedFolder", value: { path: "nope" } },
    ]);
    expect(missingFolder.status).toBe(404);

    // an LFS object is uploaded once, then copied (lfsFile with the oid the client read from paths-info)
    const weights = Buffer.alloc(4096, 7);
    const oid = createHash("sha256").update(weights).digest("hex");
    await uploadLfs("ops", weights);
    expect(
      (
        await commit("ops", [
          header("w"),
          { key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid, size: 4096 } },
        ])
      ).status,
    ).toBe(200);
    const info = (await (
      await postJson(api("ops/paths-info/main"), { paths: ["w.bin"], expand: true }, alice)
    ).json()) as { lfs?: { oid: string } }[];
    expect(info[0].lfs?.oid).toBe(oid);
    const copy = await commit("ops", [
      header("copy"),
      { key: "lfsFile", value: { path: "copies/w.bin", algo: "sha256", oid } },
    ]);
    expect(copy.status).toBe(200);
    const copied = await fetch(`${hub.url}/alice/ops/resolve/main/copies/w.bin`, { headers: bearer(alice) });
    expect(Buffer.from(await copied.arrayBuffer()).equals(weights)).toBe(true);

    // list_lfs_files: the object once, with the pointer's blob id and a path using it
    const listed = await fetch(api("ops/lfs-files"), { headers: bearer(alice) });
    expect(listed.status).toBe(200);
    const tree = (await (await postJson(api("ops/paths-info/main"), { paths: ["w.bin"] }, alice)).json()) as {
      oid: string;
    }[];
    expect(await listed.json()).toEqual([
      {
        fileOid: tree[0].oid,
        oid,
        size: 4096,
        pushedAt: expect.any(String),
        filename: expect.stringMatching(/w\.bin$/),
        ref: "main",
      },
    ]);
    // an object only another branch still uses is named from that branch
    expect((await postJson(api("ops/branch/keep"), {}, alice)).status).toBe(200);
    const main = (await (
      await fetch(api("ops/tree/main?recursive=true"), { headers: bearer(alice) })
    ).json()) as {
      path: string;
    }[];
    const uses = main.map((entry) => entry.path).filter((path) => path.endsWith("w.bin"));
    const dropped = await commit("ops", [
      header("drop weights"),
      ...uses.map((path) => ({ key: "deletedFile", value: { path } })),
    ]);
    expect(dropped.status).toBe(200);
    const afterDrop = (await (await fetch(api("ops/lfs-files"), { headers: bearer(alice) })).json()) as {
      filename: string;
      ref: string;
    }[];
    expect(afterDrop).toEqual([expect.objectContaining({ filename: uses[0], ref: "keep" })]);
    expect((await fetch(api("ops/lfs-files"))).status).toBe(401);
    expect((await fetch(api("ops/lfs-files"), { headers: bearer(bob) })).status).toBe(403);

    // bob cannot reach alice's object by naming its oid in his own repo
    expect((await postJson(`${hub.url}/api/repos/create`, { name: "mine" }, bob)).status).toBe(200);
    const stolen = await fetch(`${hub.url}/api/models/bob/mine/commit/main`, {
      method: "POST",
      headers: { ...bearer(bob), "Content-Type": "application/x-ndjson" },
      body: [header("steal"), { key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid } }]
        .map((line) => JSON.stringify(line))
        .join("\n"),
    });
    expect(stolen.status).toBe(422);
  });

  it("permanently_delete_lfs_files: checks everything first, rewrites every ref, frees only unshared bytes", async () => {
    await createRepo("purge");
    const shared = Buffer.alloc(3000, 1);
    const own = Buffer.alloc(3000, 2);
    const kept = Buffer.alloc(3000, 3);
    const [sharedOid, ownOid, keptOid] = [
      await uploadLfs("purge", shared),
      await uploadLfs("purge", own),
      await uploadLfs("purge", kept),
    ];
    const lfs = (path: string, oid: string) => ({
      key: "lfsFile",
      value: { path, algo: "sha256", oid, size: 3000 },
    });
    await commit("purge", [
      header("weights"),
      lfs("shared.bin", sharedOid),
      lfs("kept.bin", keptOid),
      file("notes.txt", "n"),
    ]);
    // a duplicate links the same objects: its claim keeps their bytes
    const copy = await postJson(api("purge/duplicate"), { repository: "alice/purge-copy" }, alice);
    expect(copy.status).toBe(200);
    const landed = await commit("purge", [header("own weights"), lfs("own.bin", ownOid)]);
    const before = ((await landed.json()) as { commitOid: string }).commitOid;
    expect((await postJson(api("purge/branch/side"), {}, alice)).status).toBe(200);

    const listed = (await (await fetch(api("purge/lfs-files"), { headers: bearer(alice) })).json()) as {
      fileOid: string;
      oid: string;
    }[];
    const fileOid = (oid: string) => listed.find((entry) => entry.oid === oid)!.fileOid;
    const purge = (body: unknown, token?: string) =>
      fetch(api("purge/lfs-files/batch"), {
        method: "POST",
        headers: { ...(token ? bearer(token) : {}), "Content-Type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const valid = { deletions: { sha: [fileOid(sharedOid)], rewriteHistory: true } };
    expect((await purge(valid)).status).toBe(401);
    expect((await purge(valid, bob)).status).toBe(403);
    expect((await purge(valid, aliceRead)).status).toBe(403);
    for (const bad of [
      "not json",
      {},
      { deletions: { sha: [] } },
      { deletions: { sha: ["xyz"] } },
      { deletions: { sha: [fileOid(ownOid)], rewriteHistory: "yes" } },
    ]) {
      const refused = await purge(bad, alice);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBeTruthy();
    }
    const unknown = await purge(
      { deletions: { sha: [fileOid(sharedOid), "f".repeat(40)], rewriteHistory: true } },
      alice,
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toContain("f".repeat(40));
    expect((await files("purge")).some((entry) => entry.startsWith("shared.bin@"))).toBe(true);

    // rewriteHistory: the pointers leave every ref; the duplicate still serves the shared bytes
    const deleted = await purge(
      { deletions: { sha: [fileOid(sharedOid), ownOid], rewriteHistory: true } },
      alice,
    );
    expect(deleted.status).toBe(200);
    const result = (await deleted.json()) as { deleted: string[]; freed: string[]; rewrittenRefs: string[] };
    expect(result.deleted.sort()).toEqual([sharedOid, ownOid].sort());
    expect(result.freed).toEqual([ownOid]);
    expect(result.rewrittenRefs.sort()).toEqual(["refs/heads/main", "refs/heads/side"]);
    for (const rev of ["main", "side"])
      expect((await files("purge", rev)).map((entry) => entry.split("@")[0])).toEqual([
        ".gitattributes",
        "kept.bin",
        "notes.txt",
      ]);
    expect(await read("purge", "kept.bin")).toBe(kept.toString());
    const copied = await fetch(`${hub.url}/alice/purge-copy/resolve/main/shared.bin`, {
      headers: bearer(alice),
    });
    expect(Buffer.from(await copied.arrayBuffer()).equals(shared)).toBe(true);
    const blobPath = (oid: string) =>
      join(hub.dataDir, "lfs", oid.slice(0, 2), oid.slice(2, 4), oid.slice(4));
    expect(existsSync(blobPath(sharedOid))).toBe(true);
    expect(existsSync(blobPath(ownOid))).toBe(false);
    // the old commit still names the file: its bytes are gone for this repo (410, EntryNotFound for clients)
    for (const method of ["GET", "HEAD"]) {
      const gone = await fetch(`${hub.url}/alice/purge/resolve/${before}/shared.bin`, {
        method,
        headers: bearer(alice),
      });
      expect(gone.status).toBe(410);
      expect(gone.headers.get("X-Error-Code")).toBe("EntryNotFound");
    }
    const left = (await (await fetch(api("purge/lfs-files"), { headers: bearer(alice) })).json()) as {
      oid: string;
    }[];
    expect(left.map((entry) => entry.oid)).toEqual([keptOid]);

    // without rewriteHistory the pointer stays in the tree and answers 410
    const kept410 = await purge({ deletions: { sha: [fileOid(keptOid)], rewriteHistory: false } }, alice);
    expect(kept410.status).toBe(200);
    expect(((await kept410.json()) as { rewrittenRefs: string[] }).rewrittenRefs).toEqual([]);
    expect((await files("purge")).some((entry) => entry.startsWith("kept.bin@"))).toBe(true);
    const gone = await fetch(`${hub.url}/alice/purge/resolve/main/kept.bin`, { headers: bearer(alice) });
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { error: string }).error).toMatch(/permanently deleted/);
    // uploading the bytes again gives them back
    await uploadLfs("purge", kept);
    expect(await read("purge", "kept.bin")).toBe(kept.toString());
  });
});
