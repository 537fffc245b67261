import { allModelRows } from "../catalogue/models/all-models.js";
import { modelFiles } from "../catalogue/models/model-repo.js";
import type { DemoCatalogue } from "../catalogue/types.js";
import { hasMeta, importCatalogue, SEEDED_KEY, type SeedDeps } from "../import-catalogue.js";
import { TINY_CHAT_MODEL_ID } from "./demo-model.js";

/** The catalogue's runnable tiny model alone, as the importer takes it. */
export function tinyChatCatalogue(): DemoCatalogue {
  const row = allModelRows().find((r) => r.id === TINY_CHAT_MODEL_ID);
  if (!row) throw new Error(`${TINY_CHAT_MODEL_ID} is missing from the catalogue table`);
  return {
    users: [],
    orgs: [{ name: "modelhub-demo", fullname: "ModelHub demo", members: [] }],
    repos: [
      {
        type: "model",
        id: row.id,
        files: modelFiles(row),
        likes: 0,
        downloads: 0,
        createdAt: "2026-10-15T12:00:00Z",
      },
    ],
    providerMappings: [],
  };
}

/**
 * A hub seeded before the catalogue had a runnable model gets it on its next start, so the embedded
 * backend has something to serve there too. Imported once: the importer's marker keeps a repo the
 * owner deleted from coming back. Answers whether it was imported now.
 */
export async function addTinyChatModelToSeededHub(deps: SeedDeps): Promise<boolean> {
  if (!(await hasMeta(deps.services, SEEDED_KEY))) return false;
  if (await deps.services.repos.find("model", TINY_CHAT_MODEL_ID)) return false;
  const result = await importCatalogue(deps, tinyChatCatalogue());
  return result.repos > 0;
}
