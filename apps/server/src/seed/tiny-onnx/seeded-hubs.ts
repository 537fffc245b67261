import { allModelRows } from "../catalogue/models/all-models.js";
import { modelFiles } from "../catalogue/models/model-repo.js";
import type { DemoCatalogue } from "../catalogue/types.js";
import { hasMeta, importCatalogue, SEEDED_KEY, type SeedDeps } from "../import-catalogue.js";
import { RUNNABLE_DEMO_MODELS } from "./demo-registry.js";

/** The given runnable ONNX demo models alone, as the importer takes them. */
export function onnxDemoCatalogue(ids: readonly string[]): DemoCatalogue {
  const rows = allModelRows().filter((row) => ids.includes(row.id));
  return {
    users: [],
    orgs: [{ name: "modelhub-demo", fullname: "ModelHub demo", members: [] }],
    repos: rows.map((row) => ({
      type: "model" as const,
      id: row.id,
      files: modelFiles(row),
      likes: 0,
      downloads: 0,
      createdAt: "2026-11-20T12:00:00Z",
    })),
    providerMappings: [],
  };
}

/**
 * A hub seeded before the catalogue had runnable ONNX models gets the missing ones on its next start
 * (like the tiny chat model). Answers how many were imported.
 */
export async function addOnnxDemoModelsToSeededHub(deps: SeedDeps): Promise<number> {
  if (!(await hasMeta(deps.services, SEEDED_KEY))) return 0;
  const missing: string[] = [];
  for (const model of RUNNABLE_DEMO_MODELS)
    if (!(await deps.services.repos.find("model", model.id))) missing.push(model.id);
  if (missing.length === 0) return 0;
  const result = await importCatalogue(deps, onnxDemoCatalogue(missing));
  return result.repos;
}
