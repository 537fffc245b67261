import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRepo } from "./helpers/insert-repo.js";
import { bearer, DIALECTS, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface History {
  id: string;
  days: { day: string; count: number }[];
  total: number;
}

const DAY_MS = 86_400_000;
const dayAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

describe.each(DIALECTS)("daily downloads (%s)", (dialect) => {
  let hub: TestHub;
  let ownerToken: string;
  const history = async (id: string, query = "", token?: string) =>
    fetch(`${hub.url}/api/models/${id}/downloads/daily${query}`, { headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    ownerToken = await hub.tokenFor("counter");
    await insertRepo(hub.services, { id: "counter/popular" });
    await insertRepo(hub.services, { id: "counter/hidden", private: true });
    const row = await hub.services.repos.find("model", "counter/popular");
    await hub.services.repos.addDownloads(row!.id, [
      { day: dayAgo(0), count: 7 },
      { day: dayAgo(3), count: 2 },
      { day: dayAgo(40), count: 100 },
    ]);
  });
  afterAll(() => hub?.stop());

  it("answers the last 30 days, oldest first, with empty days as 0", async () => {
    const res = await history("counter/popular");
    expect(res.status).toBe(200);
    const body = (await res.json()) as History;
    expect(body.id).toBe("counter/popular");
    expect(body.days).toHaveLength(30);
    expect(body.days[0].day).toBe(dayAgo(29));
    expect(body.days[29]).toEqual({ day: dayAgo(0), count: 7 });
    expect(body.days[26]).toEqual({ day: dayAgo(3), count: 2 });
    expect(body.total).toBe(9);
    const longer = (await (await history("counter/popular", "?days=60")).json()) as History;
    expect(longer.days).toHaveLength(60);
    expect(longer.total).toBe(109);
  });

  it("rejects bad day counts and hides private repos from others", async () => {
    for (const bad of ["0", "366", "1.5", "many"]) {
      const res = await history("counter/popular", `?days=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/Invalid days/);
    }
    expect((await history("counter/hidden")).status).toBe(401);
    expect((await history("counter/hidden", "", ownerToken)).status).toBe(200);
    expect((await history("nobody/nothing")).status).toBe(401);
  });
});
