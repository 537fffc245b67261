import { checkPython } from "@modelhub/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../src/seed/import-catalogue.js";
import { buildFallbackCatalogue } from "../../src/seed/fallback-catalogue.js";
import { DIALECTS, startTestHub, type TestHub } from "./helpers/test-hub.js";

describe.each(DIALECTS)("seeding through the commit path (%s)", (dialect) => {
  let hub: TestHub;
  const catalogue = buildFallbackCatalogue();

  beforeAll(async () => {
    hub = await startTestHub({ dialect });
    const first = await importCatalogue(
      { services: hub.services, content: hub.content, logger: hub.logger },
      catalogue,
    );
    expect(first).toMatchObject({ repos: catalogue.repos.length, skipped: 0 });
  });
  afterAll(() => hub?.stop());

  it("is idempotent", async () => {
    const again = await importCatalogue(
      { services: hub.services, content: hub.content, logger: hub.logger },
      catalogue,
    );
    expect(again).toMatchObject({ repos: 0, skipped: catalogue.repos.length });
  });

  it("re-imports everything with reset", async () => {
    const deps = { services: hub.services, content: hub.content, logger: hub.logger };
    const reset = await importCatalogue(deps, catalogue, { reset: true });
    expect(reset).toMatchObject({ repos: catalogue.repos.length, skipped: 0 });
    expect(await hub.services.repos.count()).toBe(catalogue.repos.length);
  });

  it("derives metadata from the committed files and spreads downloads", async () => {
    const info = (await (
      await fetch(`${hub.url}/api/models/meta-llama/Llama-3.1-8B-Instruct`)
    ).json()) as Record<string, unknown>;
    expect(info).toMatchObject({
      pipeline_tag: "text-generation",
      library_name: "transformers",
      likes: 4800,
    });
    expect(info.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(info.tags).toContain("conversational");
    expect(info.downloads).toBe(5_200_000);
    expect((info.siblings as { rfilename: string }[]).map((s) => s.rfilename)).toContain(
      "tokenizer_config.json",
    );
    expect(Object.keys(info.inferenceProviderMapping as object)).toEqual(["hf-inference", "together"]);
  });

  it("lists files through the mounted content routes", async () => {
    const res = await fetch(`${hub.url}/api/models/openai/whisper-large-v3-turbo/tree/main`);
    expect(res.status).toBe(200);
    const paths = ((await res.json()) as { path: string }[]).map((e) => e.path);
    expect(paths).toContain("config.json");
  });

  it("orders the catalogue by downloads", async () => {
    const ids = (
      (await (await fetch(`${hub.url}/api/models?sort=downloads&limit=2`)).json()) as { id: string }[]
    ).map((m) => m.id);
    expect(ids).toEqual(["sentence-transformers/all-MiniLM-L6-v2", "meta-llama/Llama-3.1-8B-Instruct"]);
  });

  it("serves the snippet set of a model", async () => {
    const res = await fetch(
      `${hub.url}/api/models/meta-llama/Llama-3.1-8B-Instruct/snippets?provider=together&streaming=true`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      model: string;
      provider: string;
      providers: string[];
      inference: unknown[];
      libraries: unknown[];
      hubUrl?: string;
    };
    expect(body).toMatchObject({
      model: "meta-llama/Llama-3.1-8B-Instruct",
      provider: "together",
      hubUrl: hub.url,
    });
    expect(body.providers).toEqual(["hf-inference", "together"]);
    expect(Array.isArray(body.inference)).toBe(true);
    expect(Array.isArray(body.libraries)).toBe(true);
  });

  it("points Python library snippets at this hub with valid code", async () => {
    const python: string[] = [];
    for (const repo of catalogue.repos.filter((r) => r.type === "model")) {
      const body = (await (await fetch(`${hub.url}/api/models/${repo.id}/snippets`)).json()) as {
        libraries: { snippets: string[] }[];
      };
      for (const group of body.libraries) {
        for (const code of group.snippets) {
          if (/^(from \S+ import |import \S+)/m.test(code)) {
            expect(code).toContain(`os.environ["HF_ENDPOINT"] = "${hub.url}"`);
            python.push(code);
          }
        }
      }
    }
    expect(python.length).toBeGreaterThan(0);
    expect(checkPython(python)).toEqual(python.map(() => null));
  });
});
