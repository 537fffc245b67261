import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRepo } from "./helpers/insert-repo.js";
import { bearer, DIALECTS, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface FacetValue {
  value: string;
  count: number;
}
interface Facets {
  total: number;
  pipeline_tag: FacetValue[];
  library: FacetValue[];
  language: FacetValue[];
  license: FacetValue[];
  tags: FacetValue[];
}

const asRecord = (values: FacetValue[]) => Object.fromEntries(values.map((v) => [v.value, v.count]));

describe.each(DIALECTS)("facet counts beside the listings (%s)", (dialect) => {
  let hub: TestHub;

  async function facets(query: string, token?: string): Promise<Facets> {
    const res = await fetch(`${hub.url}/api/${query}`, { headers: token ? bearer(token) : {} });
    expect(res.status).toBe(200);
    return (await res.json()) as Facets;
  }

  async function listedCount(query: string, token?: string): Promise<number> {
    const res = await fetch(`${hub.url}/api/${query}`, { headers: token ? bearer(token) : {} });
    return ((await res.json()) as unknown[]).length;
  }

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    const s = hub.services;
    const textGen = (id: string, tags: string[], extra: { private?: boolean } = {}) =>
      insertRepo(s, {
        id,
        ...extra,
        derived: { pipeline_tag: "text-generation", library_name: "transformers", tags },
      });
    await textGen("acme/chat-a", [
      "transformers",
      "llama",
      "text-generation",
      "conversational",
      "en",
      "de",
      "license:mit",
    ]);
    await textGen("acme/chat-b", ["transformers", "llama", "conversational", "en", "license:apache-2.0"]);
    await textGen("zed/chat-c", [
      "transformers",
      "qwen2",
      "en",
      "fr",
      "license:apache-2.0",
      "arxiv:2401.00001",
    ]);
    await insertRepo(s, {
      id: "zed/whisper",
      derived: {
        pipeline_tag: "automatic-speech-recognition",
        library_name: "transformers",
        tags: ["whisper", "sam", "fr", "license:mit"],
      },
    });
    await insertRepo(s, {
      id: "zed/embed",
      derived: { pipeline_tag: "sentence-similarity", library_name: "sentence-transformers", tags: ["en"] },
    });
    await textGen("acme/secret-chat", ["transformers", "en", "license:mit", "secret-tag"], { private: true });
    await insertRepo(s, {
      type: "dataset",
      id: "zed/reviews",
      derived: { tags: ["language:en", "en", "task_categories:text-classification", "license:cc-by-4.0"] },
    });
  });
  afterAll(() => hub?.stop());

  it("counts tasks, libraries, languages, licenses and other tags of every public model", async () => {
    const all = await facets("models/facets");
    expect(all.total).toBe(5);
    expect(all.pipeline_tag).toEqual([
      { value: "text-generation", count: 3 },
      { value: "automatic-speech-recognition", count: 1 },
      { value: "sentence-similarity", count: 1 },
    ]);
    expect(all.library).toEqual([
      { value: "transformers", count: 4 },
      { value: "sentence-transformers", count: 1 },
    ]);
    expect(asRecord(all.language)).toEqual({ en: 4, fr: 2, de: 1 });
    expect(all.license).toEqual([
      { value: "apache-2.0", count: 2 },
      { value: "mit", count: 2 },
    ]);
    const tags = asRecord(all.tags);
    expect(tags).toMatchObject({ llama: 2, conversational: 2, qwen2: 1, whisper: 1, sam: 1 });
    // task, library, languages, licenses and paper ids have their own facet or none
    for (const hidden of ["text-generation", "transformers", "en", "license:mit", "arxiv:2401.00001"])
      expect(tags[hidden]).toBeUndefined();
    expect(tags["secret-tag"]).toBeUndefined();
  });

  it("counts only what the listing with the same parameters returns", async () => {
    const queries = [
      "pipeline_tag=text-generation",
      "search=chat&language=en",
      "author=zed&license=mit",
      "filter=conversational&library=transformers",
    ];
    for (const query of queries) {
      const counted = await facets(`models/facets?${query}`);
      expect(counted.total, query).toBe(await listedCount(`models?${query}`));
    }
    const narrowed = await facets("models/facets?pipeline_tag=text-generation&language=fr");
    expect(narrowed.total).toBe(1);
    expect(asRecord(narrowed.license)).toEqual({ "apache-2.0": 1 });
    expect(asRecord(narrowed.tags)).toEqual({ qwen2: 1 });
  });

  it("includes private repos for their owner only, and limits each facet", async () => {
    const owner = await hub.tokenFor("acme");
    const stranger = await hub.tokenFor("someone-else");
    expect((await facets("models/facets", owner)).total).toBe(6);
    expect(asRecord((await facets("models/facets", owner)).tags)["secret-tag"]).toBe(1);
    expect((await facets("models/facets", stranger)).total).toBe(5);
    const top = await facets("models/facets?limit=1");
    expect(top.pipeline_tag).toEqual([{ value: "text-generation", count: 3 }]);
    expect(top.language).toHaveLength(1);
    const res = await fetch(`${hub.url}/api/models/facets?limit=zero`);
    expect(res.status).toBe(400);
  });

  it("merges bare and prefixed languages of datasets and answers for each collection", async () => {
    const datasets = await facets("datasets/facets");
    expect(datasets.total).toBe(1);
    expect(datasets.language).toEqual([{ value: "en", count: 1 }]);
    expect(datasets.license).toEqual([{ value: "cc-by-4.0", count: 1 }]);
    expect(asRecord(datasets.tags)).toEqual({ "task_categories:text-classification": 1 });
    const spaces = await facets("spaces/facets");
    expect(spaces).toEqual({
      total: 0,
      pipeline_tag: [],
      library: [],
      language: [],
      license: [],
      tags: [],
      sdk: [],
    });
  });
});
