import { allModelRows } from "../catalogue/models/all-models.js";
import { modelFiles } from "../catalogue/models/model-repo.js";
import type { DemoCatalogue } from "../catalogue/types.js";
import { hasMeta, importCatalogue, SEEDED_KEY, type SeedDeps } from "../import-catalogue.js";
import { TINY_CHAT_MODEL_ID, TINY_EMBEDDING_MODEL_ID } from "./demo-model.js";

/** The demo models the hub runs itself. */
export const RUNNABLE_MODEL_IDS = [TINY_CHAT_MODEL_ID, TINY_EMBEDDING_MODEL_ID] as const;

/** Some of the catalogue's runnable tiny models alone, as the importer takes them. */
export function runnableCatalogue(ids: readonly string[]): DemoCatalogue {
  const rows = allModelRows();
  return {
    users: [],
    orgs: [{ name: "modelhub-demo", fullname: "ModelHub demo", members: [] }],
    repos: ids.map((id) => {
      const row = rows.find((r) => r.id === id);
      if (!row) throw new Error(`${id} is missing from the catalogue table`);
      return {
        type: "model" as const,
        id: row.id,
        files: modelFiles(row),
        likes: 0,
        downloads: 0,
        createdAt: "2026-10-15T12:00:00Z",
      };
    }),
    providerMappings: [],
  };
}

/** The catalogue's runnable tiny chat model alone. */
export function tinyChatCatalogue(): DemoCatalogue {
  return runnableCatalogue([TINY_CHAT_MODEL_ID]);
}

/**
 * A hub seeded before the catalogue had its runnable models gets the missing ones on its next start,
 * so the embedded backend has something to serve there too. Each is imported once: the importer's
 * marker keeps a repo the owner deleted from coming back. Answers the ids imported now.
 */
export async function addRunnableModelsToSeededHub(deps: SeedDeps): Promise<string[]> {
  if (!(await hasMeta(deps.services, SEEDED_KEY))) return [];
  const missing: string[] = [];
  for (const id of RUNNABLE_MODEL_IDS) if (!(await deps.services.repos.find("model", id))) missing.push(id);
  if (missing.length === 0) return [];
  const result = await importCatalogue(deps, runnableCatalogue(missing));
  return result.repos > 0 ? missing : [];
}

/** The tiny chat model only (kept for callers that want just it); answers whether it was imported now. */
export async function addTinyChatModelToSeededHub(deps: SeedDeps): Promise<boolean> {
  return (await addRunnableModelsToSeededHub(deps)).includes(TINY_CHAT_MODEL_ID);
}
