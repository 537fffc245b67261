import { datasetFiles, parseDatasetLine } from "./datasets/dataset-repo.js";
import { DATASET_LINES } from "./datasets/dataset-table.js";
import { allModelRows } from "./models/all-models.js";
import { modelFiles } from "./models/model-repo.js";
import { hasFlag } from "./models/model-row.js";
import { accountsFor } from "./owners.js";
import { assignPopularity } from "./popularity.js";
import { providerMappings } from "./provider-mappings.js";
import { createdDates, dateKey, type DatedRepo } from "./release-dates.js";
import { spaceFiles } from "./spaces/space-repo.js";
import { SPACES } from "./spaces/space-table.js";
import type { DemoCatalogue, DemoRepo } from "./types.js";

export type { DemoCatalogue, DemoRepo, DemoFile, DemoProviderMapping } from "./types.js";

/**
 * The built-in demo catalogue: models, datasets and spaces with generated files, their owners, and
 * provider mappings. Pure and deterministic; everything is built in memory.
 */
export function buildDemoCatalogue(): DemoCatalogue {
  const models = allModelRows();
  const datasets = DATASET_LINES.map(parseDatasetLine);
  const modelPopularity = assignPopularity(
    models.map((row) => ({ id: row.id, famous: hasFlag(row, "top") })),
    9_000_000,
  );
  const datasetPopularity = assignPopularity(
    datasets.map((row) => ({ id: row.id, famous: false })),
    900_000,
  );
  const spacePopularity = assignPopularity(
    SPACES.map((space) => ({ id: space.id, famous: false })),
    0,
  );
  const created = createdDates([
    ...models.map((row): DatedRepo => ({
      type: "model",
      id: row.id,
      // Not after its `ds=` datasets: Hub copies of classic corpora are often newer than the models.
      after: row.baseModel ? [{ type: "model", id: row.baseModel }] : [],
    })),
    ...datasets.map((row): DatedRepo => ({ type: "dataset", id: row.id })),
    ...SPACES.map((space): DatedRepo => ({
      type: "space",
      id: space.id,
      after: [
        ...(space.models ?? []).map((id) => ({ type: "model" as const, id })),
        ...(space.datasets ?? []).map((id) => ({ type: "dataset" as const, id })),
      ],
    })),
  ]);

  const repos: DemoRepo[] = [
    ...models.map((row): DemoRepo => {
      const pop = modelPopularity.get(row.id);
      return {
        type: "model",
        id: row.id,
        files: modelFiles(row),
        likes: pop?.likes ?? 0,
        downloads: pop?.downloads ?? 0,
        createdAt: created.get(dateKey("model", row.id)),
      };
    }),
    ...datasets.map((row): DemoRepo => {
      const pop = datasetPopularity.get(row.id);
      return {
        type: "dataset",
        id: row.id,
        files: datasetFiles(row),
        likes: pop?.likes ?? 0,
        downloads: pop?.downloads ?? 0,
        createdAt: created.get(dateKey("dataset", row.id)),
      };
    }),
    ...SPACES.map((space): DemoRepo => {
      const pop = spacePopularity.get(space.id);
      return {
        type: "space",
        id: space.id,
        files: spaceFiles(space),
        likes: 20 + ((pop?.likes ?? 0) % 400),
        downloads: 0,
        createdAt: created.get(dateKey("space", space.id)),
      };
    }),
  ];
  const { users, orgs } = accountsFor(repos.map((repo) => repo.id.split("/")[0]));
  return { users, orgs, repos, providerMappings: providerMappings() };
}
