import { describe, expect, it } from "vitest";
import { buildDemoCatalogue } from "../../src/seed/catalogue/index.js";
import { createdDates, dateKey, HUB_START, releaseWindow } from "../../src/seed/catalogue/release-dates.js";
import { SPACES } from "../../src/seed/catalogue/spaces/space-table.js";
import type { DemoRepo } from "../../src/seed/catalogue/types.js";
import { seededUpdateDate } from "../../src/seed/import-catalogue.js";
import { catalogue, derive, fileOf, MODEL_ROWS } from "./catalogue-fixture.js";
import type { RepoType } from "../../src/domain/repo.js";

const LIMIT = Date.parse("2026-11-01T00:00:00Z");
const NOW = new Date("2026-11-21T00:00:00Z");
const DAY_MS = 86_400_000;

function repo(type: RepoType, id: string): DemoRepo {
  const found = catalogue().repos.find((r) => r.type === type && r.id === id);
  if (!found) throw new Error(`not in the catalogue: ${type} ${id}`);
  return found;
}

function created(r: DemoRepo): number {
  return Date.parse(r.createdAt!);
}

/** Release months of well-known repos; a catalogue repo must be created in that month. */
const KNOWN: [RepoType, string, string][] = [
  ["model", "meta-llama/Llama-3.1-8B-Instruct", "2024-07"],
  ["model", "meta-llama/Llama-3.1-8B", "2024-07"],
  ["model", "meta-llama/Llama-3.2-3B-Instruct", "2024-09"],
  ["model", "meta-llama/Llama-3.3-70B-Instruct", "2024-12"],
  ["model", "meta-llama/Llama-4-Scout-17B-16E-Instruct", "2025-04"],
  ["model", "Qwen/Qwen2.5-7B-Instruct", "2024-09"],
  ["model", "Qwen/Qwen3-8B", "2025-04"],
  ["model", "deepseek-ai/DeepSeek-R1", "2025-01"],
  ["model", "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B", "2025-01"],
  ["model", "deepseek-ai/DeepSeek-V3", "2024-12"],
  ["model", "openai/gpt-oss-20b", "2025-08"],
  ["model", "openai/gpt-oss-120b", "2025-08"],
  ["model", "microsoft/phi-4", "2024-12"],
  ["model", "mistralai/Mistral-7B-Instruct-v0.3", "2024-05"],
  ["model", "mistralai/Mixtral-8x7B-Instruct-v0.1", "2023-12"],
  ["model", "google/gemma-3-27b-it", "2025-03"],
  ["model", "openai/whisper-large-v3", "2023-11"],
  ["model", "openai/whisper-large-v3-turbo", "2024-10"],
  ["model", "stabilityai/stable-diffusion-xl-base-1.0", "2023-07"],
  ["model", "black-forest-labs/FLUX.1-dev", "2024-08"],
  ["model", "black-forest-labs/FLUX.1-schnell", "2024-08"],
  ["model", "answerdotai/ModernBERT-base", "2024-12"],
  ["model", "openai-community/gpt2", "2019-02"],
  ["model", "google-bert/bert-base-uncased", "2019-01"],
  ["model", "amazon/chronos-2", "2025-10"],
  ["model", "IndexTeam/IndexTTS-2", "2025-09"],
  ["model", "PramaLLC/BEN2", "2025-01"],
  ["dataset", "rajpurkar/squad", "2020-05"],
  ["dataset", "HuggingFaceH4/ultrachat_200k", "2023-10"],
  ["dataset", "databricks/databricks-dolly-15k", "2023-04"],
];

describe("catalogue release dates", () => {
  it("creates well-known repos in their release month", () => {
    for (const [type, id, month] of KNOWN) {
      expect(repo(type, id).createdAt?.slice(0, 7), id).toBe(month);
      expect(releaseWindow(type, id)?.when, id).toBe(month);
    }
  });

  it("has a release rule for every catalogue repo and every base model named", () => {
    const missing = catalogue()
      .repos.filter((r) => !releaseWindow(r.type, r.id))
      .map((r) => `${r.type}:${r.id}`);
    for (const row of MODEL_ROWS) {
      if (row.baseModel && !releaseWindow("model", row.baseModel)) missing.push(`base:${row.baseModel}`);
    }
    expect(missing).toEqual([]);
  });

  it("creates every repo between 2019 and 2026-11, in whole seconds, inside its window unless it follows a base", () => {
    const bases = new Map(MODEL_ROWS.map((row) => [row.id, row.baseModel]));
    const spaces = new Map(SPACES.map((space) => [space.id, space]));
    for (const r of catalogue().repos) {
      const at = created(r);
      expect(r.createdAt, r.id).toBe(new Date(at).toISOString());
      expect(at % 1000).toBe(0);
      expect(at, r.id).toBeGreaterThanOrEqual(HUB_START);
      expect(at, r.id).toBeLessThan(LIMIT);
      const window = releaseWindow(r.type, r.id)!;
      if (at >= window.from && at < window.to) continue;
      // Moved after what it builds on: then it trails the latest of those by at most ten days.
      const deps: [RepoType, string][] =
        r.type === "model"
          ? [["model", bases.get(r.id)!]]
          : r.type === "space"
            ? [
                ...(spaces.get(r.id)?.models ?? []).map((id): [RepoType, string] => ["model", id]),
                ...(spaces.get(r.id)?.datasets ?? []).map((id): [RepoType, string] => ["dataset", id]),
              ]
            : [];
      const known = deps.filter(([, id]) => id !== undefined);
      expect(known.length, `${r.id} outside ${window.when}`).toBeGreaterThan(0);
      const latest = Math.max(
        ...known.map(([type, id]) => {
          const inCatalogue = catalogue().repos.find((c) => c.type === type && c.id === id);
          return inCatalogue
            ? created(inCatalogue)
            : Date.parse(createdDates([{ type, id }]).get(dateKey(type, id))!);
        }),
      );
      expect(at - latest, `${r.id} outside ${window.when}`).toBeGreaterThan(0);
      expect(at - latest, `${r.id} outside ${window.when}`).toBeLessThanOrEqual(10 * DAY_MS);
    }
  });

  it("never creates a repo before the base model its card names", async () => {
    const byId = new Map(catalogue().repos.map((r) => [`${r.type}:${r.id}`, r]));
    let checked = 0;
    for (const r of catalogue().repos) {
      if (r.type !== "model" || !/^base_model:/m.test(String(fileOf(r, "README.md")?.content ?? "")))
        continue;
      const derived = await derive(r);
      const named = (derived.cardData as { base_model?: string | string[] } | undefined)?.base_model;
      const bases = Array.isArray(named) ? named : named ? [named] : [];
      expect(bases.length, r.id).toBeGreaterThan(0);
      for (const baseId of bases) {
        const base = byId.get(`model:${baseId}`);
        const floor = base ? created(base) : releaseWindow("model", baseId)!.from;
        expect(created(r), `${r.id} after ${baseId}`).toBeGreaterThan(floor);
        if (base) expect(created(r) - created(base), `${r.id} trails ${baseId}`).toBeGreaterThan(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(80);
    // Checkpoints of one release (base and instruct) share its month.
    const base = repo("model", "meta-llama/Llama-3.1-8B");
    const instruct = repo("model", "meta-llama/Llama-3.1-8B-Instruct");
    expect(instruct.createdAt?.slice(0, 7)).toBe(base.createdAt?.slice(0, 7));
  }, 120_000);

  it("creates a space after the models and datasets it demos", () => {
    for (const space of SPACES) {
      const at = created(repo("space", space.id));
      for (const id of space.models ?? [])
        expect(at, `${space.id} ${id}`).toBeGreaterThan(created(repo("model", id)));
      for (const id of space.datasets ?? []) {
        expect(at, `${space.id} ${id}`).toBeGreaterThan(created(repo("dataset", id)));
      }
    }
  });

  it("updates every repo after its creation, mostly within 18 months, never after 2026-11-01", () => {
    const repos = catalogue().repos;
    let late = 0;
    for (const r of repos) {
      const updated = seededUpdateDate(r, NOW).getTime();
      expect(updated, r.id).toBeGreaterThanOrEqual(created(r));
      expect(updated, r.id).toBeLessThanOrEqual(LIMIT);
      expect(updated % 1000).toBe(0);
      if (updated - created(r) > 548 * DAY_MS) late++;
    }
    expect(late).toBeGreaterThan(0);
    expect(late / repos.length).toBeLessThan(0.2);
    // The report that started this: recent models looked "updated 4-5 years ago".
    for (const id of ["meta-llama/Llama-3.1-8B-Instruct", "deepseek-ai/DeepSeek-R1-Distill-Llama-8B"]) {
      expect(seededUpdateDate(repo("model", id), NOW).getTime(), id).toBeGreaterThan(
        Date.parse("2024-07-01"),
      );
    }
  });

  it("gives the same dates on every build, so two imports agree", () => {
    const again = buildDemoCatalogue();
    const first = catalogue().repos;
    expect(again.repos.map((r) => `${r.type}:${r.id}`)).toEqual(first.map((r) => `${r.type}:${r.id}`));
    again.repos.forEach((r, i) => {
      expect(r.createdAt, r.id).toBe(first[i].createdAt);
      expect(seededUpdateDate(r, NOW).getTime(), r.id).toBe(seededUpdateDate(first[i], NOW).getTime());
    });
  });
});

describe("createdDates", () => {
  it("moves a derivative after its base and a same-release checkpoint within hours of it", () => {
    const dates = createdDates([
      {
        type: "model",
        id: "someone/Llama-3.2-3B-Instruct-GGUF",
        after: [{ type: "model", id: "meta-llama/Llama-3.2-3B-Instruct" }],
      },
      {
        type: "model",
        id: "meta-llama/Llama-3.2-3B-Instruct",
        after: [{ type: "model", id: "meta-llama/Llama-3.2-3B" }],
      },
      { type: "model", id: "someone/late-fine-tune", after: [{ type: "model", id: "openai/gpt-oss-20b" }] },
    ]);
    const gguf = Date.parse(dates.get(dateKey("model", "someone/Llama-3.2-3B-Instruct-GGUF"))!);
    const instruct = Date.parse(dates.get(dateKey("model", "meta-llama/Llama-3.2-3B-Instruct"))!);
    expect(gguf).toBeGreaterThan(instruct);
    expect(new Date(instruct).toISOString().slice(0, 7)).toBe("2024-09");
    // Unknown id: a fallback window, then after its base (gpt-oss, 2025-08).
    const late = Date.parse(dates.get(dateKey("model", "someone/late-fine-tune"))!);
    expect(late).toBeGreaterThan(Date.parse("2025-08-01"));
  });

  it("ignores bases it knows nothing about and survives cycles", () => {
    const dates = createdDates([
      {
        type: "model",
        id: "a/one",
        after: [
          { type: "model", id: "a/two" },
          { type: "model", id: "nobody/unknown" },
        ],
      },
      { type: "model", id: "a/two", after: [{ type: "model", id: "a/one" }] },
    ]);
    expect(dates.size).toBe(2);
    for (const iso of dates.values()) expect(Date.parse(iso)).toBeGreaterThanOrEqual(HUB_START);
  });
});
