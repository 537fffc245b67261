import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRepo } from "./helpers/insert-repo.js";
import { bearer, DIALECTS, startTestHub, type TestHub } from "./helpers/test-hub.js";

interface FacetValue {
  value: string;
  count: number;
}
interface Facets {
  total: number;
  tags: FacetValue[];
  license: FacetValue[];
  sdk: FacetValue[];
}

describe.each(DIALECTS)("SDK facet of the spaces listing (%s)", (dialect) => {
  let hub: TestHub;

  async function get<T>(query: string, token?: string): Promise<T> {
    const res = await fetch(`${hub.url}/api/${query}`, { headers: token ? bearer(token) : {} });
    expect(res.status, query).toBe(200);
    return (await res.json()) as T;
  }
  const listed = async (query: string, token?: string) => (await get<unknown[]>(query, token)).length;

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    const space = (id: string, sdk: string, tags: string[] = [], extra: { private?: boolean } = {}) =>
      insertRepo(hub.services, { type: "space", id, ...extra, derived: { sdk, tags: [sdk, ...tags] } });
    await space("sia/chat-demo", "gradio", ["license:mit"]);
    await space("sia/plots", "gradio", ["license:apache-2.0"]);
    await space("sia/dashboard", "streamlit", ["license:mit"]);
    await space("tom/landing", "static", ["license:mit"]);
    await space("tom/api", "docker");
    await space("tom/hidden", "gradio", ["license:mit"], { private: true });
    // a model tagged like an SDK does not show up in the spaces facet, nor does the models facet list SDKs
    await insertRepo(hub.services, { id: "tom/docker-model", derived: { tags: ["docker"] } });
  });
  afterAll(() => hub?.stop());

  it("counts each SDK over the listing's filters, equal to the listing it opens", async () => {
    const all = await get<Facets>("spaces/facets");
    expect(all.total).toBe(5);
    expect(all.sdk).toEqual([
      { value: "gradio", count: 2 },
      { value: "docker", count: 1 },
      { value: "static", count: 1 },
      { value: "streamlit", count: 1 },
    ]);
    // the SDKs have their own facet, not "other tags"
    expect(all.tags.map((tag) => tag.value)).not.toContain("gradio");

    for (const base of ["", "license=mit", "author=sia", "search=a", "license=mit&filter=gradio"]) {
      const counted = await get<Facets>(`spaces/facets?${base}`);
      for (const { value, count } of counted.sdk) {
        expect(count, `${base} ${value}`).toBe(await listed(`spaces?${base}&filter=${value}`));
      }
      const listedSdks = await Promise.all(
        ["gradio", "streamlit", "docker", "static"].map(async (sdk) => [
          sdk,
          await listed(`spaces?${base}&filter=${sdk}`),
        ]),
      );
      // every SDK with results is counted, and none without
      expect(Object.fromEntries(counted.sdk.map((v) => [v.value, v.count])), base).toEqual(
        Object.fromEntries(listedSdks.filter(([, n]) => Number(n) > 0)),
      );
    }
    expect((await get<Facets>("spaces/facets?license=mit")).sdk).toEqual([
      { value: "gradio", count: 1 },
      { value: "static", count: 1 },
      { value: "streamlit", count: 1 },
    ]);
  });

  it("counts private spaces for their owner only, and stays empty for other collections", async () => {
    const owner = await hub.tokenFor("tom");
    const mine = await get<Facets>("spaces/facets?filter=gradio", owner);
    expect(mine.sdk).toEqual([{ value: "gradio", count: 3 }]);
    expect(mine.sdk[0].count).toBe(await listed("spaces?filter=gradio", owner));
    expect((await get<Facets>("spaces/facets?filter=gradio")).sdk).toEqual([{ value: "gradio", count: 2 }]);
    expect((await get<Facets>("models/facets")).sdk).toEqual([]);
  });
});
