import { INFERENCE_PROVIDERS } from "@modelhub/inference";
import { MODEL_LIBRARIES_UI_ELEMENTS, PIPELINE_TYPES_SET, TASKS_DATA } from "@modelhub/tasks";
import { describe, expect, it } from "vitest";
import { buildDemoCatalogue } from "../../src/seed/catalogue/index.js";
import { catalogue, MODEL_ROWS } from "./catalogue-fixture.js";

const ID_PART = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

describe("demo catalogue contents", () => {
  const { repos, users, orgs, providerMappings } = catalogue();
  const ofType = (type: string) => repos.filter((repo) => repo.type === type);

  it("has enough models, datasets and spaces", () => {
    expect(ofType("model").length).toBeGreaterThanOrEqual(300);
    expect(ofType("dataset").length).toBeGreaterThanOrEqual(50);
    expect(ofType("space").length).toBeGreaterThanOrEqual(20);
  });

  it("covers every task that has a catalogue entry", () => {
    const tasks = new Set(MODEL_ROWS.map((row) => row.task));
    const catalogued = Object.entries(TASKS_DATA)
      .filter(([, data]) => data !== undefined)
      .map(([task]) => task);
    expect(catalogued.filter((task) => !tasks.has(task))).toEqual([]);
  });

  it("uses at least 60 libraries, all known to the registry, and only real pipeline tags", () => {
    const libraries = new Set(MODEL_ROWS.map((row) => row.library));
    expect(libraries.size).toBeGreaterThanOrEqual(60);
    expect([...libraries].filter((library) => !Object.hasOwn(MODEL_LIBRARIES_UI_ELEMENTS, library))).toEqual(
      [],
    );
    expect(
      MODEL_ROWS.filter((row) => !PIPELINE_TYPES_SET.has(row.task as never)).map((row) => row.id),
    ).toEqual([]);
  });

  it("has unique owner/name ids that the hub accepts", () => {
    const keys = repos.map((repo) => `${repo.type}:${repo.id.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const repo of repos) {
      const parts = repo.id.split("/");
      expect(parts, repo.id).toHaveLength(2);
      for (const part of parts) {
        expect(part, repo.id).toMatch(ID_PART);
        expect(part, repo.id).not.toMatch(/--|\.\./);
      }
      expect(parts[1].length).toBeLessThanOrEqual(96);
    }
  });

  it("has an account for every owner and members that exist", () => {
    const names = new Set([...users, ...orgs].map((account) => account.name));
    expect(repos.map((repo) => repo.id.split("/")[0]).filter((owner) => !names.has(owner))).toEqual([]);
    const userNames = new Set(users.map((user) => user.name));
    expect(orgs.flatMap((org) => org.members).filter((member) => !userNames.has(member))).toEqual([]);
    expect(orgs.some((org) => org.members.length > 0)).toBe(true);
  });

  it("spreads downloads along a long tail so sorting means something", () => {
    const downloads = ofType("model")
      .map((repo) => repo.downloads)
      .sort((a, b) => b - a);
    expect(downloads[0]).toBeGreaterThan(1_000_000);
    expect(downloads[0]).toBeGreaterThan(downloads[9] * 5);
    expect(downloads[downloads.length - 1]).toBeLessThan(100_000);
    expect(new Set(ofType("model").map((repo) => repo.likes)).size).toBeGreaterThan(100);
  });

  it("maps providers that exist to models that exist", () => {
    const models = new Set(ofType("model").map((repo) => repo.id));
    expect(providerMappings.length).toBeGreaterThanOrEqual(100);
    for (const mapping of providerMappings) {
      expect(models.has(mapping.modelId), mapping.modelId).toBe(true);
      expect(INFERENCE_PROVIDERS as readonly string[], mapping.provider).toContain(mapping.provider);
      expect(mapping.providerId).not.toBe("");
    }
    const pairs = providerMappings.map((m) => `${m.modelId}|${m.provider}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it("is deterministic", () => {
    const again = buildDemoCatalogue();
    expect(again.repos.length).toBe(repos.length);
    for (let i = 0; i < repos.length; i += 37) expect(again.repos[i]).toEqual(repos[i]);
    expect(again.providerMappings).toEqual(providerMappings);
  });
});
