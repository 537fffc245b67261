import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, postJson, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { createWebhook, json } from "./helpers.js";

describe.each(DIALECTS)("webhook settings API (%s)", (dialect) => {
  let hub: TestHub;
  let alice = "";
  let aliceRead = "";
  let bob = "";
  const base = () => `${hub.url}/api/settings/webhooks`;
  const valid = {
    url: "https://webhook.example.com/in",
    watched: [
      { type: "user", name: "julien-c" },
      { type: "org", name: "HuggingFaceH4" },
    ],
    domains: ["repo", "discussion"],
    secret: "my-secret",
  };

  beforeAll(async () => {
    hub = await startTestHub({ dialect, env: { MODELHUB_WEBHOOK_ALLOW_HOSTS: "10.1.2.3:8443" } });
    alice = await hub.tokenFor("alice");
    aliceRead = await hub.tokenFor("alice", "read");
    bob = await hub.tokenFor("bob");
  });
  afterAll(async () => {
    await hub?.stop();
  });

  it("creates, reads, lists, updates, disables, enables and deletes a webhook", async () => {
    const created = await createWebhook(hub.url, alice, valid);
    expect(created.status).toBe(200);
    expect(created.body.webhook).toMatchObject({
      url: "https://webhook.example.com/in",
      watched: valid.watched,
      domains: ["repo", "discussion"],
      secret: "my-secret",
      disabled: false,
      job: null,
    });
    const id = created.id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);

    const got = await fetch(`${base()}/${id}`, { headers: bearer(alice) });
    expect(got.status).toBe(200);
    expect((await json(got)).webhook).toMatchObject({ id, url: valid.url });
    const list = (await (await fetch(base(), { headers: bearer(aliceRead) })).json()) as {
      id: string;
      secret: string | null;
    }[];
    expect(list.map((w) => [w.id, w.secret])).toEqual([[id, null]]);

    const updated = await postJson(
      `${base()}/${id}`,
      { url: "https://webhook.example.com/new", domains: ["discussions"] },
      alice,
    );
    expect(updated.status).toBe(200);
    expect((await json(updated)).webhook).toMatchObject({
      url: "https://webhook.example.com/new",
      domains: ["discussion"],
      watched: valid.watched,
    });
    const disabled = await postJson(`${base()}/${id}/disable`, {}, alice);
    expect((await json(disabled)).webhook).toMatchObject({ disabled: true });
    const enabled = await postJson(`${base()}/${id}/enable`, {}, alice);
    expect((await json(enabled)).webhook).toMatchObject({ disabled: false });

    const removed = await fetch(`${base()}/${id}`, { method: "DELETE", headers: bearer(alice) });
    expect(removed.status).toBe(200);
    expect((await fetch(`${base()}/${id}`, { headers: bearer(alice) })).status).toBe(404);
  });

  it("shows a webhook to its owner only and needs a write token to change it", async () => {
    const { id } = await createWebhook(hub.url, alice, valid);
    expect((await fetch(`${base()}/${id}`, { headers: bearer(bob) })).status).toBe(404);
    expect(((await (await fetch(base(), { headers: bearer(bob) })).json()) as unknown[]).length).toBe(0);
    expect((await postJson(`${base()}/${id}/disable`, {}, bob)).status).toBe(404);
    expect((await fetch(`${base()}/${id}`, { method: "DELETE", headers: bearer(bob) })).status).toBe(404);
    expect((await postJson(`${base()}/${id}/disable`, {}, aliceRead)).status).toBe(403);
    expect((await postJson(base(), valid, aliceRead)).status).toBe(403);
    expect((await fetch(base())).status).toBe(401);
    expect((await postJson(base(), valid)).status).toBe(401);
  });

  it.each([
    [{ ...valid, url: "ftp://example.com/x" }, "http or https"],
    [{ ...valid, url: "not a url" }, "not a valid absolute URL"],
    [{ ...valid, url: "https://user:pw@example.com/x" }, "credentials"],
    [{ ...valid, url: "http://127.0.0.1:9000/x" }, "private address"],
    [{ ...valid, url: "http://10.0.0.5/x" }, "private address"],
    [{ ...valid, url: "http://169.254.169.254/latest/meta-data" }, "private address"],
    [{ ...valid, url: "http://[::1]:8080/" }, "private address"],
    [{ ...valid, url: "http://[fd00:ec2::254]/" }, "private address"],
    [{ ...valid, url: "http://[::ffff:127.0.0.1]/" }, "private address"],
    [{ ...valid, url: "http://100.64.0.1/" }, "private address"],
    [{ ...valid, url: undefined }, "Missing url"],
    [{ ...valid, url: undefined, jobSourceId: "abc" }, "Jobs are not supported"],
    [{ ...valid, watched: [] }, "watch at least one"],
    [{ ...valid, watched: [{ type: "model", name: "no-namespace" }] }, "expected namespace/name"],
    [{ ...valid, watched: [{ type: "team", name: "x" }] }, "watched"],
    [{ ...valid, domains: ["everything"] }, "domains"],
    [{ ...valid, domains: [] }, "at least one domain"],
  ])("refuses %j with a 400", async (body, message) => {
    const response = await postJson(base(), body, alice);
    expect(response.status).toBe(400);
    expect(String((await json(response)).error)).toContain(message);
  });

  it("accepts a private address on MODELHUB_WEBHOOK_ALLOW_HOSTS (host:port), not on another port", async () => {
    expect((await createWebhook(hub.url, alice, { ...valid, url: "http://10.1.2.3:8443/in" })).status).toBe(
      200,
    );
    expect((await createWebhook(hub.url, alice, { ...valid, url: "http://10.1.2.3:8444/in" })).status).toBe(
      400,
    );
    const { id } = await createWebhook(hub.url, alice, valid);
    expect((await postJson(`${base()}/${id}`, { url: "http://192.168.1.1/" }, alice)).status).toBe(400);
  });
});
