import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, type TestHub } from "../platform/helpers/test-hub.js";
import { COMPLETION_TOKENS, PROMPT_TOKENS } from "./helpers/fake-backend.js";
import { errorOf } from "./helpers/responses.js";
import { MODELS, startGatewayHub, type GatewayHub } from "./helpers/gateway-hub.js";
import { usageRows } from "./helpers/usage-rows.js";

const MESSAGES = [{ role: "user", content: "Say hello" }];

async function chat(
  hub: TestHub,
  token: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return fetch(`${hub.url}/v1/chat/completions`, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ model: MODELS.chat, messages: MESSAGES, ...extra }),
  });
}

async function getJson(
  url: string,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { headers: token ? bearer(token) : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(DIALECTS)("inference gateway: accounting and bill-to (%s)", (dialect) => {
  let g: GatewayHub;
  let carol: string;
  let mallory: string;
  beforeAll(async () => {
    g = await startGatewayHub(dialect);
    carol = await g.hub.tokenFor("carol");
    mallory = await g.hub.tokenFor("mallory");
    await g.hub.services.accounts.addMember("acme", "carol", "read");
  });
  afterAll(async () => {
    await g?.stop();
  });

  it("records every call with the tokens the backend reported, streamed or not", async () => {
    expect((await chat(g.hub, g.alice)).status).toBe(200);
    const streamed = await chat(g.hub, g.alice, { stream: true });
    await streamed.text();
    const rows = (await usageRows(g.hub)).filter((row) => row.user_name === "alice");
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toMatchObject({
        bill_to: null,
        model: MODELS.chat,
        backend: "fake",
        route: "chat/completions",
        prompt_tokens: PROMPT_TOKENS,
        completion_tokens: COMPLETION_TOKENS,
        status: 200,
      });
    expect(rows.map((row) => row.streamed).sort()).toEqual([0, 1]);
    expect(rows.every((row) => row.duration_ms >= 0)).toBe(true);
  });

  it("bills an org the caller belongs to with X-HF-Bill-To, and refuses others with 403", async () => {
    const billed = await chat(g.hub, carol, {}, { "X-HF-Bill-To": "ACME" });
    expect(billed.status).toBe(200);
    const row = (await usageRows(g.hub)).find((r) => r.user_name === "carol");
    expect(row?.bill_to).toBe("acme");

    const outsider = await chat(g.hub, mallory, {}, { "X-HF-Bill-To": "acme" });
    expect(outsider.status).toBe(403);
    expect(await errorOf(outsider)).toMatch(/not a member of "acme"/);
    const nowhere = await chat(g.hub, mallory, {}, { "X-HF-Bill-To": "no-such-org" });
    expect(nowhere.status).toBe(403);
    expect((await usageRows(g.hub)).some((r) => r.user_name === "mallory")).toBe(false);

    const client = new OpenAI({
      apiKey: g.alice,
      baseURL: `${g.hub.url}/v1`,
      defaultHeaders: { "X-HF-Bill-To": "acme" },
    });
    await client.chat.completions.create({ model: MODELS.chat, messages: [{ role: "user", content: "hi" }] });
    expect(
      (await usageRows(g.hub))
        .filter((r) => r.bill_to === "acme")
        .map((r) => r.user_name)
        .sort(),
    ).toEqual(["alice", "carol"]);
  });

  it("shows the caller's own totals for the last 30 days, per model", async () => {
    const { status, body } = await getJson(`${g.hub.url}/api/inference/usage`, g.alice);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      user: "alice",
      requests: 3,
      promptTokens: 3 * PROMPT_TOKENS,
      completionTokens: 3 * COMPLETION_TOKENS,
      totalTokens: 3 * (PROMPT_TOKENS + COMPLETION_TOKENS),
    });
    expect(body.models).toEqual([expect.objectContaining({ model: MODELS.chat, requests: 3 })]);
    expect(Date.parse(String(body.until)) - Date.parse(String(body.since))).toBe(30 * 24 * 60 * 60 * 1000);
    expect((await getJson(`${g.hub.url}/api/inference/usage`)).status).toBe(401);
    const bobs = await getJson(`${g.hub.url}/api/inference/usage`, g.bob);
    expect(bobs.body).toMatchObject({ user: "bob", requests: 0, totalTokens: 0, models: [] });
  });

  it("shows an org's billed usage to its members, per user to its admins only", async () => {
    const admin = await getJson(`${g.hub.url}/api/organizations/acme/inference/usage`, g.alice);
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ org: "acme", requests: 2, promptTokens: 2 * PROMPT_TOKENS });
    expect((admin.body.users as { user: string }[]).map((u) => u.user)).toEqual(["alice", "carol"]);

    const member = await getJson(`${g.hub.url}/api/organizations/acme/inference/usage`, carol);
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ org: "acme", requests: 2 });
    expect(member.body.users).toBeUndefined();

    const outsider = await getJson(`${g.hub.url}/api/organizations/acme/inference/usage`, mallory);
    expect(outsider.status).toBe(403);
    expect(outsider.body.error).toMatch(/Only members of acme/);
    expect((await getJson(`${g.hub.url}/api/organizations/nope/inference/usage`, g.alice)).status).toBe(404);
    expect((await getJson(`${g.hub.url}/api/organizations/acme/inference/usage`)).status).toBe(401);
  });
});

describe.each(DIALECTS)("inference gateway: limits (%s)", (dialect) => {
  let perMinute: GatewayHub;
  let quota: GatewayHub;
  beforeAll(async () => {
    perMinute = await startGatewayHub(dialect, { requestsPerMinute: 3 });
    quota = await startGatewayHub(dialect, { monthlyTokenQuota: 25 });
  });
  afterAll(async () => {
    await perMinute?.stop();
    await quota?.stop();
  });

  it("answers 429 with Retry-After past the per-minute limit, per user", async () => {
    for (let i = 0; i < 3; i++) expect((await chat(perMinute.hub, perMinute.bob)).status).toBe(200);
    const limited = await chat(perMinute.hub, perMinute.bob);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await errorOf(limited)).toMatch(/at most 3 inference requests per minute/);
    expect((await chat(perMinute.hub, perMinute.alice)).status).toBe(200);
  });

  it("answers 429 once the monthly token quota is spent, until next month", async () => {
    const dave = await quota.hub.tokenFor("dave");
    // 10 tokens a call: 0, 10 and 20 spent are under the quota of 25 when checked, 30 is not.
    for (let i = 0; i < 3; i++) expect((await chat(quota.hub, dave)).status).toBe(200);
    const over = await chat(quota.hub, dave);
    expect(over.status).toBe(429);
    expect(await errorOf(over)).toMatch(/Monthly token quota reached: 30 of 25 tokens used this month/);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
