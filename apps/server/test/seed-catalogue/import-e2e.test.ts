import { parquetReadObjects } from "hyparquet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../src/seed/import-catalogue.js";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import type { DemoCatalogue } from "../../src/seed/catalogue/types.js";
import { catalogue, ROW_BY_ID } from "./catalogue-fixture.js";

interface ListedModel {
  id: string;
  pipeline_tag?: string;
  library_name?: string;
  downloads?: number;
  likes?: number;
}

/**
 * A slice of the catalogue that still exercises every library and file layout: the first model of each
 * library, every GGUF repo, LoRA and PEFT adapter, and a few datasets and spaces. (Every model's
 * derivation is checked in memory by derived-metadata.test.ts; a full import takes minutes on a busy
 * two-core machine because each file is a git call.)
 */
const ALWAYS = new Set([
  "black-forest-labs/FLUX.1-schnell",
  "meta-llama/Llama-3.1-8B-Instruct",
  "openai/whisper-large-v3-turbo",
]);

function representativeSlice(full: DemoCatalogue): DemoCatalogue {
  const seenLibraries = new Set<string>();
  const models = full.repos.filter((repo) => {
    if (repo.type !== "model") return false;
    const row = ROW_BY_ID.get(repo.id)!;
    const special =
      row.library === "gguf" || row.library === "peft" || row.flags.has("lora") || ALWAYS.has(repo.id);
    const firstOfLibrary = !seenLibraries.has(row.library);
    seenLibraries.add(row.library);
    return special || firstOfLibrary;
  });
  const datasets = full.repos.filter((repo) => repo.type === "dataset").filter((_, i) => i % 6 === 0);
  const spaces = full.repos.filter((repo) => repo.type === "space").filter((_, i) => i % 4 === 0);
  const repos = [...models, ...datasets, ...spaces];
  const ids = new Set(models.map((repo) => repo.id));
  return {
    ...full,
    repos,
    providerMappings: full.providerMappings.filter((mapping) => ids.has(mapping.modelId)),
  };
}

describe("importing the demo catalogue into a fresh hub", () => {
  let hub: TestHub;
  const demo = representativeSlice(catalogue());
  let imported = 0;

  beforeAll(async () => {
    hub = await startTestHub();
    const result = await importCatalogue(
      { services: hub.services, content: hub.content, logger: hub.logger },
      demo,
    );
    imported = result.repos;
  }, 600_000);
  afterAll(() => hub?.stop(), 120_000);

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
      return row && model.pipeline_tag === row.task && model.library_name === row.library
        ? []
        : [`${model.id}: ${model.pipeline_tag}/${model.library_name}`];
    });
    expect(wrong).toEqual([]);
  });

  it("sorts by downloads along the seeded long tail", async () => {
    const listed = (await (
      await fetch(`${hub.url}/api/models?sort=downloads&direction=-1&limit=5`)
    ).json()) as ListedModel[];
    const expected = demo.repos
      .filter((repo) => repo.type === "model")
      .sort((a, b) => b.downloads - a.downloads)
      .slice(0, 5)
      .map((repo) => repo.id);
    expect(listed.map((model) => model.id)).toEqual(expected);
  });

  it("serves GGUF metadata, provider mappings, datasets and spaces", async () => {
    const gguf = (await (
      await fetch(`${hub.url}/api/models/bartowski/Llama-3.2-3B-Instruct-GGUF`)
    ).json()) as { gguf?: { architecture?: string; context_length?: number }; tags: string[] };
    expect(gguf.gguf).toMatchObject({ architecture: "llama", context_length: 131072 });
    expect(gguf.tags).toContain("conversational");

    const flux = (await (await fetch(`${hub.url}/api/models/black-forest-labs/FLUX.1-schnell`)).json()) as {
      inferenceProviderMapping?: Record<string, unknown>;
    };
    expect(Object.keys(flux.inferenceProviderMapping ?? {})).toEqual(
      expect.arrayContaining(["fal-ai", "replicate", "together"]),
    );

    const datasets = (await (await fetch(`${hub.url}/api/datasets?limit=500`)).json()) as unknown[];
    expect(datasets.length).toBe(demo.repos.filter((repo) => repo.type === "dataset").length);
    const spaces = (await (await fetch(`${hub.url}/api/spaces?limit=500`)).json()) as {
      id: string;
      sdk?: string;
    }[];
    expect(spaces.length).toBe(demo.repos.filter((repo) => repo.type === "space").length);
    expect(spaces.every((space) => space.sdk === "static")).toBe(true);
  });

  it("serves dataset files that preview and space pages that run", async () => {
    const parquetRepo = demo.repos.find(
      (repo) => repo.type === "dataset" && repo.files.some((file) => file.path.endsWith(".parquet")),
    )!;
    const res = await fetch(`${hub.url}/datasets/${parquetRepo.id}/resolve/main/data/train.parquet`);
    expect(res.status).toBe(200);
    const rows = await parquetReadObjects({ file: await res.arrayBuffer() });
    expect(rows).toHaveLength(24);

    const space = demo.repos.find((repo) => repo.type === "space")!;
    const page = await fetch(`${hub.url}/spaces/${space.id}/resolve/main/index.html`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<script>");
  });
});
