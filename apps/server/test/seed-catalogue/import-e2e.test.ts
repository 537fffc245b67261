import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../src/seed/import-catalogue.js";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { catalogue, ROW_BY_ID } from "./catalogue-fixture.js";

interface ListedModel {
  id: string;
  pipeline_tag?: string;
  library_name?: string;
  downloads?: number;
  likes?: number;
}

describe("importing the demo catalogue into a fresh hub", () => {
  let hub: TestHub;
  const demo = catalogue();
  let imported = 0;

  beforeAll(async () => {
    hub = await startTestHub();
    const result = await importCatalogue({ services: hub.services, content: hub.content, logger: hub.logger }, demo);
    imported = result.repos;
  }, 600_000);
  afterAll(() => hub?.stop());

  it("imports every repo", () => {
    expect(imported).toBe(demo.repos.length);
  });

  it("lists every model with the pipeline tag and library derived from its files", async () => {
    const res = await fetch(`${hub.url}/api/models?limit=1000&full=true`);
    expect(res.status).toBe(200);
    const listed = (await res.json()) as ListedModel[];
    const models = demo.repos.filter((repo) => repo.type === "model");
    expect(listed.length).toBe(models.length);
    const wrong = listed.flatMap((model) => {
      const row = ROW_BY_ID.get(model.id);
      return row && model.pipeline_tag === row.task && model.library_name === row.library ? [] : [`${model.id}: ${model.pipeline_tag}/${model.library_name}`];
    });
    expect(wrong).toEqual([]);
  });

  it("sorts by downloads along the seeded long tail", async () => {
    const listed = (await (await fetch(`${hub.url}/api/models?sort=downloads&direction=-1&limit=5`)).json()) as ListedModel[];
    const expected = demo.repos.filter((repo) => repo.type === "model").sort((a, b) => b.downloads - a.downloads).slice(0, 5).map((repo) => repo.id);
    expect(listed.map((model) => model.id)).toEqual(expected);
  });

  it("serves GGUF metadata, provider mappings, datasets and spaces", async () => {
    const gguf = (await (await fetch(`${hub.url}/api/models/bartowski/Llama-3.2-3B-Instruct-GGUF`)).json()) as { gguf?: { architecture?: string; context_length?: number }; tags: string[] };
    expect(gguf.gguf).toMatchObject({ architecture: "llama", context_length: 131072 });
    expect(gguf.tags).toContain("conversational");

    const flux = (await (await fetch(`${hub.url}/api/models/black-forest-labs/FLUX.1-schnell`)).json()) as { inferenceProviderMapping?: Record<string, unknown> };
    expect(Object.keys(flux.inferenceProviderMapping ?? {})).toEqual(expect.arrayContaining(["fal-ai", "replicate", "together"]));

    const datasets = (await (await fetch(`${hub.url}/api/datasets?limit=500`)).json()) as unknown[];
    expect(datasets.length).toBe(demo.repos.filter((repo) => repo.type === "dataset").length);
    const spaces = (await (await fetch(`${hub.url}/api/spaces?limit=500`)).json()) as { id: string; sdk?: string }[];
    expect(spaces.length).toBe(demo.repos.filter((repo) => repo.type === "space").length);
    expect(spaces.every((space) => space.sdk === "static")).toBe(true);
  });
});
