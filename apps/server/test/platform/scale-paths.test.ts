import { createRepo, uploadFiles } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DIALECTS, startTestHub, type TestHub } from "./helpers/test-hub.js";

const CONFIG = JSON.stringify({ architectures: ["BertForMaskedLM"], model_type: "bert" });
const CONCURRENCY = 16;
const ROUNDS = 8;

interface InfoJson {
  downloads: number;
  likes: number;
  trendingScore: number;
}

/** The hot read paths under concurrency, and the caches in front of them staying truthful. */
describe.each(DIALECTS)("hot paths under concurrency (%s)", (dialect) => {
  let hub: TestHub;
  let token: string;
  const repo = { type: "model" as const, name: "quinn/hot-path-model" };
  const info = async () => (await (await fetch(`${hub.url}/api/models/${repo.name}`)).json()) as InfoJson;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    token = await hub.tokenFor("quinn");
    await createRepo({ repo, accessToken: token, hubUrl: hub.url });
    await uploadFiles({
      repo,
      accessToken: token,
      hubUrl: hub.url,
      useXet: false,
      files: [
        { path: "README.md", content: new Blob(["---\nlicense: mit\n---\n# hot path\n"]) },
        { path: "config.json", content: new Blob([CONFIG]) },
      ],
    });
  });
  afterAll(() => hub?.stop());

  it("serves a small file to many concurrent downloads without a server error", async () => {
    const before = await info();
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const batch = await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          const res = await fetch(`${hub.url}/${repo.name}/resolve/main/config.json`);
          const body = await res.text();
          return res.status === 200 && body !== CONFIG ? -1 : res.status;
        }),
      );
      statuses.push(...batch);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // each download invalidates the cached row, so info shows every one of them
    expect((await info()).downloads).toBe(before.downloads + CONCURRENCY * ROUNDS);
  });

  it("keeps counts after the rolling refresh and shows likes at once", async () => {
    const counted = (await info()).downloads;
    await hub.services.repos.refreshRollingCounts();
    expect((await info()).downloads).toBe(counted);
    const liked = await fetch(`${hub.url}/api/models/${repo.name}/like`, {
      method: "POST",
      headers: bearer(token),
    });
    expect(liked.status).toBe(200);
    expect((await info()).likes).toBe(1);
    await hub.services.repos.refreshRollingCounts();
    const refreshed = await info();
    expect(refreshed.likes).toBe(1);
    expect(refreshed.trendingScore).toBe(Math.round(counted / 7 + 5));
  });

  it("finds a repo by any substring of its id, case-insensitively", async () => {
    for (const term of ["ot-path-mo", "QUINN/HOT", "model"]) {
      const found = (await (
        await fetch(`${hub.url}/api/models?search=${encodeURIComponent(term)}`)
      ).json()) as {
        id: string;
      }[];
      expect(found.map((m) => m.id)).toContain(repo.name);
    }
    const none = (await (await fetch(`${hub.url}/api/models?search=nothing-like-this`)).json()) as unknown[];
    expect(none).toEqual([]);
  });
});
