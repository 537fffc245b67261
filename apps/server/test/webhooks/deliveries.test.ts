import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { gitCli, makeGitHome } from "../content/git-cli.js";
import { startReceiver, type Receiver } from "./receiver.js";
import { commitFile, createRepo, createWebhook, deliveries, eventually, json } from "./helpers.js";

describe.each(DIALECTS)("webhook deliveries to a real receiver (%s)", (dialect) => {
  let hub: TestHub;
  let receiver: Receiver;
  let alice = "";
  let bob = "";
  let hookId = "";
  let gitHome = "";

  const scoped = (scope: string, from = 0) =>
    receiver.waitFor((r) => (r.body.event as { scope: string }).scope === scope, { from });

  beforeAll(async () => {
    receiver = await startReceiver();
    hub = await startTestHub({
      dialect,
      env: {
        MODELHUB_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
        MODELHUB_WEBHOOK_RETRY_BASE_MS: "50",
        MODELHUB_WEBHOOK_MAX_ATTEMPTS: "3",
      },
    });
    alice = await hub.tokenFor("alice");
    bob = await hub.tokenFor("bob");
    await createRepo(hub.url, alice, "watched");
    await createRepo(hub.url, alice, "unwatched");
    const created = await createWebhook(hub.url, alice, {
      url: `${receiver.url}/hook`,
      watched: [{ type: "model", name: "alice/watched" }],
      domains: ["repo", "discussion"],
      secret: "s3cret",
    });
    expect(created.status).toBe(200);
    hookId = created.id;
    gitHome = await makeGitHome("webhook-git-", "Alice", "alice@example.com");
  });
  afterAll(async () => {
    await hub?.stop();
    await receiver?.close();
    if (gitHome) await rm(gitHome, { recursive: true, force: true });
  });

  it("posts a commit's event in the Hub's payload shape with the secret header", async () => {
    const from = receiver.received.length;
    await commitFile(hub.url, alice, "alice/unwatched", "a.txt", "not watched");
    const sha = await commitFile(hub.url, alice, "alice/watched", "README.md", "# hello");
    const got = await scoped("repo.content", from);
    expect(got.path).toBe("/hook");
    expect(got.headers["x-webhook-secret"]).toBe("s3cret");
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.body).toMatchObject({
      event: { action: "update", scope: "repo.content" },
      repo: {
        type: "model",
        name: "alice/watched",
        private: false,
        headSha: sha,
        url: { web: `${hub.url}/alice/watched`, api: `${hub.url}/api/models/alice/watched` },
        owner: { id: "alice" },
      },
      updatedRefs: [{ ref: "refs/heads/main", newSha: sha }],
      webhook: { id: hookId, version: 3 },
    });
    expect(typeof (got.body.repo as { id: unknown }).id).toBe("string");
    expect(
      receiver.received.slice(from).every((r) => (r.body.repo as { name: string }).name === "alice/watched"),
    ).toBe(true);
  });

  it("reports branch and tag creation and deletion as ref updates", async () => {
    let from = receiver.received.length;
    expect((await postJson(`${hub.url}/api/models/alice/watched/branch/dev`, {}, alice)).status).toBe(200);
    let got = await scoped("repo.content", from);
    expect(got.body.updatedRefs).toEqual([
      { ref: "refs/heads/dev", oldSha: null, newSha: expect.any(String) },
    ]);
    from = receiver.received.length;
    const removed = await fetch(`${hub.url}/api/models/alice/watched/branch/dev`, {
      method: "DELETE",
      headers: bearer(alice),
    });
    expect(removed.status).toBe(200);
    got = await scoped("repo.content", from);
    expect(got.body.updatedRefs).toEqual([
      { ref: "refs/heads/dev", oldSha: expect.any(String), newSha: null },
    ]);
    from = receiver.received.length;
    expect(
      (await postJson(`${hub.url}/api/models/alice/watched/tag/main`, { tag: "v1" }, alice)).status,
    ).toBe(200);
    got = await scoped("repo.content", from);
    expect((got.body.updatedRefs as { ref: string }[])[0].ref).toBe("refs/tags/v1");
  });

  it("reports a git push", async () => {
    const clone = join(gitHome, "clone");
    const url = hub.url.replace("http://", `http://alice:${alice}@`);
    expect((await gitCli(["clone", "--quiet", `${url}/alice/watched`, clone], gitHome, gitHome)).code).toBe(
      0,
    );
    await gitCli(["commit", "--allow-empty", "-m", "pushed by git"], clone, gitHome);
    const from = receiver.received.length;
    const push = await gitCli(["push", "origin", "main"], clone, gitHome);
    expect(push.code, push.stderr).toBe(0);
    const head = (await gitCli(["rev-parse", "HEAD"], clone, gitHome)).stdout.trim();
    const got = await scoped("repo.content", from);
    expect(got.body.updatedRefs).toEqual([
      { ref: "refs/heads/main", oldSha: expect.any(String), newSha: head },
    ]);
  });

  it("reports discussions, comments and status changes", async () => {
    let from = receiver.received.length;
    const opened = await postJson(
      `${hub.url}/api/models/alice/watched/discussions`,
      { title: "Question", description: "Why?" },
      bob,
    );
    expect(opened.status).toBe(200);
    let got = await scoped("discussion", from);
    expect(got.body).toMatchObject({
      event: { action: "create", scope: "discussion" },
      discussion: {
        num: 1,
        title: "Question",
        author: { id: "bob" },
        isPullRequest: false,
        status: "open",
        url: { web: `${hub.url}/alice/watched/discussions/1` },
      },
    });
    from = receiver.received.length;
    expect(
      (
        await postJson(
          `${hub.url}/api/models/alice/watched/discussions/1/comment`,
          { comment: "Because." },
          alice,
        )
      ).status,
    ).toBe(200);
    got = await scoped("discussion.comment", from);
    expect(got.body).toMatchObject({
      event: { action: "create", scope: "discussion.comment" },
      comment: { author: { id: "alice" }, content: "Because.", hidden: false },
      discussion: { num: 1 },
    });
    from = receiver.received.length;
    expect(
      (
        await postJson(
          `${hub.url}/api/models/alice/watched/discussions/1/status`,
          { status: "closed" },
          alice,
        )
      ).status,
    ).toBe(200);
    got = await scoped("discussion", from);
    expect(got.body).toMatchObject({
      event: { action: "update", scope: "discussion" },
      discussion: { status: "closed" },
    });
  });

  it("reports a visibility change as a config update", async () => {
    const from = receiver.received.length;
    const changed = await postJson(
      `${hub.url}/api/models/alice/watched/settings`,
      { private: true },
      alice,
      "PUT",
    );
    expect(changed.status).toBe(200);
    const got = await scoped("repo.config", from);
    expect(got.body).toMatchObject({
      event: { action: "update", scope: "repo.config" },
      updatedConfig: { private: true },
      repo: { private: true },
    });
    const back = receiver.received.length;
    await postJson(`${hub.url}/api/models/alice/watched/settings`, { private: false }, alice, "PUT");
    await receiver.waitFor(
      (r) => (r.body.updatedConfig as { private?: boolean } | undefined)?.private === false,
      {
        from: back,
      },
    );
  });

  it("retries a failed delivery with backoff and logs every attempt", async () => {
    receiver.failNext(1, 503);
    const from = receiver.received.length;
    const sha = await commitFile(hub.url, alice, "alice/watched", "retry.txt", "retry me");
    const first = await scoped("repo.content", from);
    expect((first.body.repo as { headSha: string }).headSha).toBe(sha);
    const second = await receiver.waitFor(() => true, { from: receiver.received.indexOf(first) + 1 });
    expect(second.body).toEqual(first.body);
    const log = await eventually(
      () => deliveries(hub.url, alice, hookId),
      (list) =>
        list.some((d) => (d.payload.repo as { headSha?: string }).headSha === sha && d.state === "succeeded"),
    );
    const delivery = log.find((d) => (d.payload.repo as { headSha?: string }).headSha === sha);
    expect(delivery?.attempts).toBe(2);
    expect(delivery?.log.map((a) => a.responseStatus)).toEqual([503, 200]);
    expect(delivery?.log[0].error).toBe("the receiver answered 503");
    expect(delivery?.log[1].responseExcerpt).toBe("ok, received");
  });

  it("gives up after the configured attempts, and a replay sends the payload again", async () => {
    receiver.failNext(3, 500);
    const from = receiver.received.length;
    const sha = await commitFile(hub.url, alice, "alice/watched", "fail.txt", "fail me");
    const failed = await eventually(
      () => deliveries(hub.url, alice, hookId),
      (list) =>
        list.some((d) => (d.payload.repo as { headSha?: string }).headSha === sha && d.state === "failed"),
    );
    const delivery = failed.find((d) => (d.payload.repo as { headSha?: string }).headSha === sha);
    expect(delivery?.attempts).toBe(3);
    expect(receiver.received.length - from).toBe(3);

    const replay = await fetch(
      `${hub.url}/api/settings/webhooks/${hookId}/deliveries/${delivery?.id}/replay`,
      {
        method: "POST",
        headers: bearer(alice),
      },
    );
    expect(replay.status).toBe(200);
    const replayed = (await json(replay)).delivery as { id: string; replayOf: string };
    expect(replayed.replayOf).toBe(delivery?.id);
    const got = await receiver.waitFor(() => true, { from: from + 3 });
    expect(got.body).toEqual(delivery?.payload);
    expect(got.headers["x-webhook-delivery"]).toBe(replayed.id);
    await eventually(
      () => deliveries(hub.url, alice, hookId),
      (list) => list.some((d) => d.id === replayed.id && d.state === "succeeded"),
    );
    const other = await fetch(
      `${hub.url}/api/settings/webhooks/${hookId}/deliveries/${delivery?.id}/replay`,
      {
        method: "POST",
        headers: bearer(bob),
      },
    );
    expect(other.status).toBe(404);
  });

  it("never sends events of a private repo to a webhook whose owner cannot read it", async () => {
    await createRepo(hub.url, alice, "secret-model", { private: true });
    const spy = await createWebhook(hub.url, bob, {
      url: `${receiver.url}/bob`,
      watched: [{ type: "user", name: "alice" }],
      domains: ["repo"],
    });
    expect(spy.status).toBe(200);
    const from = receiver.received.length;
    await commitFile(hub.url, alice, "alice/secret-model", "x.txt", "private");
    await commitFile(hub.url, alice, "alice/unwatched", "b.txt", "public");
    const got = await receiver.waitFor((r) => r.path === "/bob", { from });
    expect((got.body.repo as { name: string }).name).toBe("alice/unwatched");
    expect(
      receiver.received
        .slice(from)
        .some((r) => (r.body.repo as { name: string }).name === "alice/secret-model"),
    ).toBe(false);
    await fetch(`${hub.url}/api/settings/webhooks/${spy.id}`, { method: "DELETE", headers: bearer(bob) });
  });

  it("reports repo rename and deletion", async () => {
    await createRepo(hub.url, alice, "short-lived");
    const hook = await createWebhook(hub.url, alice, {
      url: `${receiver.url}/owner`,
      watched: [{ type: "user", name: "alice" }],
      domains: ["repo"],
    });
    let from = receiver.received.length;
    const moved = await postJson(
      `${hub.url}/api/repos/move`,
      { fromRepo: "alice/short-lived", toRepo: "alice/renamed", type: "model" },
      alice,
    );
    expect(moved.status).toBe(200);
    let got = await receiver.waitFor((r) => r.path === "/owner", { from });
    expect(got.body).toMatchObject({
      event: { action: "move", scope: "repo" },
      repo: { name: "alice/short-lived" },
      movedTo: { name: "alice/renamed", owner: { id: "alice" } },
    });
    from = receiver.received.length;
    const removed = await postJson(
      `${hub.url}/api/repos/delete`,
      { name: "renamed", type: "model" },
      alice,
      "DELETE",
    );
    expect(removed.status).toBe(200);
    got = await receiver.waitFor((r) => r.path === "/owner", { from });
    expect(got.body).toMatchObject({
      event: { action: "delete", scope: "repo" },
      repo: { name: "alice/renamed" },
    });
    from = receiver.received.length;
    await createRepo(hub.url, alice, "brand-new");
    got = await receiver.waitFor((r) => r.path === "/owner", { from });
    expect(got.body).toMatchObject({
      event: { action: "create", scope: "repo" },
      repo: { name: "alice/brand-new" },
    });
    await fetch(`${hub.url}/api/settings/webhooks/${hook.id}`, { method: "DELETE", headers: bearer(alice) });
  });
  it("prunes finished deliveries from the log, never unfinished ones", async () => {
    receiver.hold = true;
    const from = receiver.received.length;
    const sha = await commitFile(hub.url, alice, "alice/watched", "pending.txt", "stays");
    await receiver.waitFor(() => true, { from });
    const removed = await hub.webhooks.store.prune(new Date(Date.now() + 60_000).toISOString());
    expect(removed).toBeGreaterThan(5);
    const left = await deliveries(hub.url, alice, hookId);
    expect(left.map((d) => (d.payload.repo as { headSha?: string }).headSha)).toEqual([sha]);
    receiver.release();
  });
});
