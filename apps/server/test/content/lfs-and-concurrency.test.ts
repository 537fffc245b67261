import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auth, createTestHub, ndjson, type TestHub } from "./fixtures.js";

const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const LFS = { "Content-Type": "application/vnd.git-lfs+json", Accept: "application/vnd.git-lfs+json" };

describe("LFS batch API and concurrent commits", () => {
  let hub: TestHub;
  beforeEach(async () => {
    hub = await createTestHub();
    await hub.content.init(hub.platform.add("dataset", "alice/data"));
  });
  afterEach(() => hub.close());

  const batch = (body: unknown, headers: Record<string, string> = auth("alice")) =>
    hub.app.request("/datasets/alice/data.git/info/lfs/objects/batch", {
      method: "POST",
      headers: { ...LFS, ...headers },
      body: JSON.stringify(body),
    });

  it("uploads through a signed href, verifies, then reports the object as present", async () => {
    const data = Buffer.from("parquet bytes ".repeat(100));
    const oid = sha(data);
    const first = (await (
      await batch({ operation: "upload", transfers: ["basic"], objects: [{ oid, size: data.length }] })
    ).json()) as {
      transfer: string;
      objects: { oid: string; actions: { upload: { href: string }; verify: { href: string } } }[];
    };
    expect(first.transfer).toBe("basic");
    const href = new URL(first.objects[0].actions.upload.href);
    expect(href.origin).toBe("http://hub.test");
    // The upload href works without credentials, but not with a tampered signature or wrong bytes.
    const tampered = `${href.pathname}?${href.searchParams.toString().replace(/sig=[^&]+/, "sig=AAAA")}`;
    expect((await hub.app.request(tampered, { method: "PUT", body: data })).status).toBe(401);
    const wrong = Buffer.from(data);
    wrong[0] ^= 1;
    expect((await hub.app.request(href.pathname + href.search, { method: "PUT", body: wrong })).status).toBe(
      422,
    );
    expect(await hub.content.blobs.stat(oid)).toBeUndefined();
    expect((await hub.app.request(href.pathname + href.search, { method: "PUT", body: data })).status).toBe(
      200,
    );
    const verify = new URL(first.objects[0].actions.verify.href);
    expect(
      (
        await hub.app.request(verify.pathname + verify.search, {
          method: "POST",
          body: JSON.stringify({ oid, size: data.length }),
        })
      ).status,
    ).toBe(200);

    const again = (await (
      await batch({ operation: "upload", objects: [{ oid, size: data.length }] })
    ).json()) as { objects: { actions?: unknown }[] };
    expect(again.objects[0].actions).toBeUndefined();

    const commit = await hub.app.request("/api/datasets/alice/data/commit/main", {
      method: "POST",
      headers: auth("alice"),
      body: ndjson([
        { key: "header", value: { summary: "data" } },
        { key: "lfsFile", value: { path: "train.parquet", algo: "sha256", oid, size: data.length } },
      ]),
    });
    expect(commit.status).toBe(200);
    const download = await hub.app.request("/datasets/alice/data/resolve/main/train.parquet");
    expect(download.headers.get("X-Linked-Etag")).toBe(`"${oid}"`);
    expect(download.headers.get("X-Linked-Size")).toBe(String(data.length));
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
    const pointer = await (await hub.app.request("/datasets/alice/data/raw/main/train.parquet")).text();
    expect(pointer).toBe(
      `version https://git-lfs.github.com/spec/v1\noid sha256:${oid}\nsize ${data.length}\n`,
    );

    const dl = (await (
      await batch(
        {
          operation: "download",
          objects: [
            { oid, size: data.length },
            { oid: "b".repeat(64), size: 1 },
          ],
        },
        {},
      )
    ).json()) as {
      objects: { actions?: { download: { href: string } }; error?: { code: number } }[];
    };
    expect(dl.objects[1].error?.code).toBe(404);
    const get = new URL(dl.objects[0].actions!.download.href);
    expect(
      Buffer.from(await (await hub.app.request(get.pathname + get.search)).arrayBuffer()).equals(data),
    ).toBe(true);
  });

  it("does not let another repo use an object it never uploaded (shared store, per-repo links)", async () => {
    const secret = Buffer.from("private weights");
    const oid = sha(secret);
    const privateRepo = hub.platform.add("model", "alice/private", { private: true });
    await hub.content.storeLfsObject(privateRepo, oid, secret.length, Readable.from([secret]));
    const mallory = hub.platform.add("model", "mallory/probe");
    await hub.content.init(mallory);
    const sneaky = await hub.app.request("/api/models/mallory/probe/commit/main", {
      method: "POST",
      headers: auth("mallory"),
      body: ndjson([
        { key: "header", value: { summary: "steal" } },
        { key: "lfsFile", value: { path: "x.bin", algo: "sha256", oid, size: secret.length } },
      ]),
    });
    expect(sneaky.status).toBe(422);
    const asked = (await (
      await hub.app.request("/mallory/probe.git/info/lfs/objects/batch", {
        method: "POST",
        headers: { ...LFS, ...auth("mallory") },
        body: JSON.stringify({ operation: "upload", objects: [{ oid, size: secret.length }] }),
      })
    ).json()) as { objects: { actions?: { upload: { href: string } } }[] };
    expect(asked.objects[0].actions?.upload.href).toBeTruthy();
    const download = (await (
      await hub.app.request("/mallory/probe.git/info/lfs/objects/batch", {
        method: "POST",
        headers: { ...LFS, ...auth("mallory") },
        body: JSON.stringify({ operation: "download", objects: [{ oid, size: secret.length }] }),
      })
    ).json()) as { objects: { error?: { code: number } }[] };
    expect(download.objects[0].error?.code).toBe(404);

    // Within the owner's namespace the stored object is reused without a second upload.
    const sibling = hub.platform.add("model", "alice/sibling");
    await hub.content.init(sibling);
    const reuse = await hub.app.request("/api/models/alice/sibling/commit/main", {
      method: "POST",
      headers: auth("alice"),
      body: ndjson([
        { key: "header", value: { summary: "reuse" } },
        { key: "lfsFile", value: { path: "x.bin", algo: "sha256", oid, size: secret.length } },
      ]),
    });
    expect(reuse.status).toBe(200);
    expect(await (await hub.app.request("/alice/sibling/resolve/main/x.bin")).text()).toBe("private weights");
  });

  it("rejects bad batch requests and unauthorised uploads", async () => {
    expect(
      (await batch({ operation: "upload", objects: [{ oid: "a".repeat(64), size: 1 }] }, {})).status,
    ).toBe(401);
    // a reader who cannot write may upload objects (for pull requests); they join the repo only
    // through a commit to a ref the uploader may move, which main is not
    expect(
      (await batch({ operation: "upload", objects: [{ oid: "a".repeat(64), size: 1 }] }, auth("bob"))).status,
    ).toBe(200);
    const commitByBob = await hub.app.request("/api/datasets/alice/data/commit/main", {
      method: "POST",
      headers: auth("bob"),
      body: ndjson([{ key: "header", value: { summary: "not mine to commit" } }]),
    });
    expect(commitByBob.status).toBe(403);
    expect((await batch({ operation: "nope" })).status).toBe(400);
    const badOid = (await (
      await batch({ operation: "upload", objects: [{ oid: "XYZ", size: 1 }] })
    ).json()) as { objects: { error: { code: number } }[] };
    expect(badOid.objects[0].error.code).toBe(422);
    const put = await hub.app.request(`/datasets/alice/data.git/info/lfs/objects/${"c".repeat(64)}/3`, {
      method: "PUT",
      body: "abc",
    });
    expect(put.status).toBe(401);
  });

  it("50 concurrent commits with the parentCommit they read: exactly one lands, none merges silently", async () => {
    const repo = hub.platform.repos.get("dataset:alice/data")!;
    const head = await hub.content.resolve(repo, "main");
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        hub.app.request("/api/datasets/alice/data/commit/main", {
          method: "POST",
          headers: auth("alice"),
          body: ndjson([
            { key: "header", value: { summary: `c${i}`, parentCommit: head } },
            { key: "file", value: { path: `f${i}.txt`, content: Buffer.from(String(i)).toString("base64") } },
          ]),
        }),
      ),
    );
    const statuses = results.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(49);
    const files = await hub.content.listFiles(repo, "main");
    expect(files.filter((file) => file.path.startsWith("f"))).toHaveLength(1);

    // Without a parent guard every commit lands, one after the other.
    const chained = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        hub.content.commitFiles(repo, {
          files: [{ path: `g${i}.txt`, content: String(i) }],
          title: `g${i}`,
          author: "alice",
        }),
      ),
    );
    expect(new Set(chained.map((result) => result.commit)).size).toBe(20);
    const after = await hub.content.listFiles(repo, "main");
    expect(after.filter((file) => file.path.startsWith("g"))).toHaveLength(20);
  });
});
