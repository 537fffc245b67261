import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRepo } from "../platform/helpers/insert-repo.js";
import { bearer, DIALECTS, postJson } from "../platform/helpers/test-hub.js";
import {
  ADMIN_TOKEN,
  eventually,
  HEALTH_BACKEND_KEY,
  startHealthHub,
  type HealthHub,
} from "./helpers/health-hub.js";

interface AdminBackend {
  name: string;
  kind: string;
  status: string;
  lastCheck: { checkedAt: string; ok: boolean; latencyMs: number; error?: string; source: string } | null;
  models: string[];
  usage24h: {
    requests: number;
    failed: number;
    promptTokens: number;
    completionTokens: number;
    totalTokens: number;
  };
}

describe.each(DIALECTS)("inference admin API (%s)", (dialect) => {
  let h: HealthHub;
  let alice = "";
  beforeAll(async () => {
    // One round at start; afterwards only the admin's checks run.
    h = await startHealthHub(
      dialect,
      { "acme/chat": "tiny", "acme/refused": "refuse" },
      { intervalMs: 600_000 },
    );
    await insertRepo(h.hub.services, { id: "acme/chat" });
    await insertRepo(h.hub.services, { id: "acme/refused" });
    alice = await h.hub.tokenFor("alice");
    await eventually(async () => h.backend.modelListings >= 1);
  });
  afterAll(async () => {
    await h?.stop();
  });

  const overview = async (token?: string) =>
    fetch(`${h.hub.url}/api/admin/inference`, { headers: token ? bearer(token) : {} });
  const check = (name: string, token?: string) =>
    fetch(`${h.hub.url}/api/admin/inference/backends/${name}/check`, {
      method: "POST",
      headers: token ? bearer(token) : {},
    });

  it("is for site admins only: 401 anonymous, 403 others", async () => {
    expect((await overview()).status).toBe(401);
    expect((await overview(alice)).status).toBe(403);
    expect((await check("box")).status).toBe(401);
    expect((await check("box", alice)).status).toBe(403);
    const readOnly = await h.hub.tokenFor("admin", "read");
    expect((await overview(readOnly)).status).toBe(200);
    expect((await check("box", readOnly)).status).toBe(403);
  });

  it("shows status, last check, served models and the last day's usage, never the URL or key", async () => {
    const messages = [{ role: "user", content: "hi" }];
    expect(
      (await postJson(`${h.hub.url}/v1/chat/completions`, { model: "acme/chat", messages }, alice)).status,
    ).toBe(200);
    expect(
      (await postJson(`${h.hub.url}/v1/chat/completions`, { model: "acme/refused", messages }, alice)).status,
    ).toBe(400);

    // usage rows are group-committed after the answers: read the overview once both are in
    let text = "";
    await eventually(async () => {
      const res = await overview(ADMIN_TOKEN);
      expect(res.status).toBe(200);
      text = await res.text();
      return text.includes('"requests":2');
    });
    expect(text).not.toContain("127.0.0.1");
    expect(text).not.toContain(HEALTH_BACKEND_KEY);
    const body = JSON.parse(text) as { health: { intervalMs: number }; backends: AdminBackend[] };
    expect(body.health.intervalMs).toBe(600_000);
    expect(body.backends).toHaveLength(1);
    const [box] = body.backends;
    expect(box).toMatchObject({
      name: "box",
      kind: "openai-compatible",
      status: "live",
      models: ["acme/chat", "acme/refused"],
    });
    expect(box.lastCheck).toMatchObject({ ok: true, source: "check" });
    expect(box.usage24h).toEqual({
      requests: 2,
      failed: 1,
      promptTokens: 7,
      completionTokens: 3,
      totalTokens: 10,
    });
  });

  it("runs a check now: two failures make the backend staging, a success live again", async () => {
    h.backend.down = true;
    const first = (await (await check("box", ADMIN_TOKEN)).json()) as AdminBackend;
    expect(first.lastCheck).toMatchObject({ ok: false, error: "connection failed", source: "check" });
    expect(first.status).toBe("live");
    const second = (await (await check("BOX", ADMIN_TOKEN)).json()) as AdminBackend;
    expect(second.status).toBe("staging");
    h.backend.down = false;
    const third = (await (await check("box", ADMIN_TOKEN)).json()) as AdminBackend;
    expect(third.status).toBe("live");
    expect(third.lastCheck?.ok).toBe(true);
    expect((await check("nope", ADMIN_TOKEN)).status).toBe(404);
  });
});
