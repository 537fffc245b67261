import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRepo } from "./helpers/insert-repo.js";
import { bearer, DIALECTS, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface Item {
  id: string;
  [key: string]: unknown;
}

describe.each(DIALECTS)("listings, search, filters, sort and pages (%s)", (dialect) => {
  let hub: TestHub;

  async function list(query: string, token?: string): Promise<{ items: Item[]; res: Response }> {
    const res = await fetch(`${hub.url}/api/${query}`, { headers: token ? bearer(token) : {} });
    expect(res.status).toBe(200);
    return { items: (await res.json()) as Item[], res };
  }
  const ids = async (query: string) => (await list(query)).items.map((i) => i.id);

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    const s = hub.services;
    await insertRepo(s, {
      id: "meta-llama/Llama-3.1-8B-Instruct",
      createdAt: "2024-07-18T00:00:00.000Z",
      downloads: 5000,
      likes: 40,
      derived: {
        pipeline_tag: "text-generation",
        library_name: "transformers",
        tags: [
          "transformers",
          "safetensors",
          "llama",
          "text-generation",
          "conversational",
          "en",
          "de",
          "license:llama3.1",
        ],
      },
    });
    await insertRepo(s, {
      id: "openai/whisper-large-v3",
      createdAt: "2023-11-01T00:00:00.000Z",
      downloads: 3000,
      likes: 90,
      derived: {
        pipeline_tag: "automatic-speech-recognition",
        library_name: "transformers",
        tags: ["transformers", "whisper", "audio", "en", "fr", "license:mit"],
      },
    });
    await insertRepo(s, {
      id: "sentence-transformers/all-MiniLM-L6-v2",
      createdAt: "2022-03-02T00:00:00.000Z",
      downloads: 9000,
      likes: 10,
      derived: {
        pipeline_tag: "sentence-similarity",
        library_name: "sentence-transformers",
        tags: ["sentence-transformers", "en", "license:apache-2.0"],
      },
    });
    await insertRepo(s, { id: "someone/100%_weird", derived: { tags: [] } });
    await insertRepo(s, {
      id: "someone/hidden-llama",
      private: true,
      derived: { pipeline_tag: "text-generation", tags: ["llama"] },
    });
    await insertRepo(s, {
      type: "dataset",
      id: "someone/reviews",
      derived: { tags: ["language:en", "task_categories:text-classification"] },
    });
    await insertRepo(s, { type: "space", id: "someone/demo", derived: { tags: ["static"], sdk: "static" } });
    for (let i = 0; i < 7; i++) {
      await insertRepo(s, {
        id: `bulk/model-${i}`,
        createdAt: `2025-01-0${i + 1}T00:00:00.000Z`,
        downloads: i % 3,
        derived: { tags: ["bulk"] },
      });
    }
    await s.repos.refreshRollingCounts();
  });
  afterAll(() => hub?.stop());

  it("searches ids case-insensitively, treating % and _ literally", async () => {
    expect(await ids("models?search=LLAMA")).toEqual(["meta-llama/Llama-3.1-8B-Instruct"]);
    expect(await ids("models?search=100%25_")).toEqual(["someone/100%_weird"]);
    expect(await ids("models?search=zzz-nothing")).toEqual([]);
  });

  it("filters by author, task, library, language, license and any tag", async () => {
    expect(await ids("models?author=OpenAI")).toEqual(["openai/whisper-large-v3"]);
    expect(await ids("models?pipeline_tag=sentence-similarity")).toEqual([
      "sentence-transformers/all-MiniLM-L6-v2",
    ]);
    expect(await ids("models?library=transformers&sort=id&direction=1")).toEqual([
      "meta-llama/Llama-3.1-8B-Instruct",
      "openai/whisper-large-v3",
    ]);
    expect(await ids("models?language=fr")).toEqual(["openai/whisper-large-v3"]);
    expect(await ids("models?license=mit")).toEqual(["openai/whisper-large-v3"]);
    expect(await ids("models?filter=conversational&filter=llama")).toEqual([
      "meta-llama/Llama-3.1-8B-Instruct",
    ]);
    expect(await ids("models?filter=text-generation")).toEqual(["meta-llama/Llama-3.1-8B-Instruct"]);
    expect(await ids("datasets?language=en")).toEqual(["someone/reviews"]);
    expect(await ids("spaces")).toEqual(["someone/demo"]);
  });

  it("sorts by downloads, likes and createdAt in both directions", async () => {
    expect(await ids("models?sort=downloads&limit=3")).toEqual([
      "sentence-transformers/all-MiniLM-L6-v2",
      "meta-llama/Llama-3.1-8B-Instruct",
      "openai/whisper-large-v3",
    ]);
    expect(await ids("models?sort=likes&limit=1")).toEqual(["openai/whisper-large-v3"]);
    expect(await ids("models?sort=createdAt&direction=1&limit=2")).toEqual([
      "sentence-transformers/all-MiniLM-L6-v2",
      "openai/whisper-large-v3",
    ]);
    const trending = await ids("models?sort=trendingScore");
    expect(trending).toHaveLength(11);
  });

  it("pages with an absolute Link header that repeats the query", async () => {
    const seen: string[] = [];
    let next: string | undefined = `${hub.url}/api/models?filter=bulk&sort=downloads&limit=3`;
    for (let page = 0; next && page < 10; page++) {
      const res = await fetch(next);
      const items = (await res.json()) as Item[];
      seen.push(...items.map((i) => i.id));
      const link = res.headers.get("Link");
      next = link ? /^<(https?:\/\/[^>]+)>;\s+rel="next"$/.exec(link)?.[1] : undefined;
      if (next) expect(new URL(next).searchParams.get("filter")).toBe("bulk");
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it("returns default fields, and more with full, expand[] and cardData", async () => {
    const { items } = await list("models?search=whisper");
    expect(items[0]).toMatchObject({
      id: "openai/whisper-large-v3",
      pipeline_tag: "automatic-speech-recognition",
      private: false,
      likes: 90,
      downloads: 3000,
    });
    expect(items[0]).toHaveProperty("lastModified");
    expect(items[0]).not.toHaveProperty("siblings");
    const full = (await list("models?search=whisper&full=true")).items[0];
    expect(full.siblings).toEqual([{ rfilename: "README.md" }]);
    const expanded = (
      await list("models?search=whisper&expand[]=downloadsAllTime&expand=inferenceProviderMapping")
    ).items[0];
    expect(expanded).toHaveProperty("downloadsAllTime");
    expect(expanded.inferenceProviderMapping).toEqual([]);
  });

  it("shows private repos only to their owner", async () => {
    expect(await ids("models?search=hidden")).toEqual([]);
    const token = await hub.tokenFor("someone", "read");
    expect((await list("models?search=hidden", token)).items.map((i) => i.id)).toEqual([
      "someone/hidden-llama",
    ]);
  });

  it("rejects bad listing parameters with JSON errors", async () => {
    for (const query of ["models?sort=bogus", "models?limit=0", "models?direction=2", "models?cursor=%%%"]) {
      const res = await fetch(`${hub.url}/api/${query}`);
      expect(res.status).toBe(400);
      expect(typeof ((await res.json()) as { error: string }).error).toBe("string");
    }
  });

  it("serves repo info with every field", async () => {
    await hub.services.repos.setProviderMapping(
      (await hub.services.repos.find("model", "meta-llama/Llama-3.1-8B-Instruct"))!.id,
      {
        provider: "together",
        providerId: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo",
        task: "conversational",
        status: "live",
      },
    );
    const res = await fetch(`${hub.url}/api/models/meta-llama/llama-3.1-8b-instruct/revision/main`);
    const info = (await res.json()) as Record<string, unknown>;
    for (const key of [
      "_id",
      "id",
      "sha",
      "siblings",
      "tags",
      "pipeline_tag",
      "library_name",
      "downloads",
      "downloadsAllTime",
      "likes",
      "lastModified",
      "private",
      "gated",
      "inferenceProviderMapping",
      "warnings",
    ]) {
      expect(info, key).toHaveProperty(key);
    }
    expect(info.id).toBe("meta-llama/Llama-3.1-8B-Instruct");
    expect(info.inferenceProviderMapping).toEqual({
      together: {
        providerId: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo",
        status: "live",
        task: "conversational",
      },
    });
  });
});
