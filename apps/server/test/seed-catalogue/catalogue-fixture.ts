import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { ModelData } from "@modelhub/tasks";
import { deriveMetadata, type DeriveCaches } from "../../src/content/derive/derive-metadata.js";
import type { RepoFiles } from "../../src/content/derive/repo-files.js";
import { buildDemoCatalogue } from "../../src/seed/catalogue/index.js";
import { allModelRows } from "../../src/seed/catalogue/models/all-models.js";
import type { ModelRow } from "../../src/seed/catalogue/models/model-row.js";
import type { DemoCatalogue, DemoFile, DemoRepo } from "../../src/seed/catalogue/types.js";
import type { DerivedMetadata } from "../../src/domain/repo.js";

let cached: DemoCatalogue | undefined;

/** The catalogue, built once per test file. */
export function catalogue(): DemoCatalogue {
  cached ??= buildDemoCatalogue();
  return cached;
}

export const MODEL_ROWS: ModelRow[] = allModelRows();
export const ROW_BY_ID = new Map(MODEL_ROWS.map((row) => [row.id, row]));

export function bytesOf(file: DemoFile): Buffer {
  return typeof file.content === "string" ? Buffer.from(file.content, "utf8") : Buffer.from(file.content);
}

export function fileOf(repo: DemoRepo, path: string): DemoFile | undefined {
  return repo.files.find((file) => file.path === path);
}

/** The repo's files as the derivation step sees them, served from memory. */
export function repoFiles(repo: DemoRepo): RepoFiles {
  const contents = new Map(repo.files.map((file) => [file.path, bytesOf(file)]));
  return {
    type: repo.type,
    files: repo.files.map((file) => {
      const content = contents.get(file.path) ?? Buffer.alloc(0);
      return { path: file.path, size: content.length, oid: createHash("sha1").update(content).digest("hex") };
    }),
    read: (path, maxBytes) => {
      const content = contents.get(path);
      return Promise.resolve(content && content.length <= maxBytes ? content : undefined);
    },
    open: (path) => Promise.resolve(Readable.from([contents.get(path) ?? Buffer.alloc(0)])),
  };
}

const caches: DeriveCaches = { gguf: new Map(), safetensors: new Map() };

export function derive(repo: DemoRepo): Promise<DerivedMetadata> {
  return deriveMetadata(repoFiles(repo), caches);
}

/** The model record the snippet generators read, built from derived metadata like the API does. */
export function modelDataOf(repo: DemoRepo, derived: DerivedMetadata): ModelData {
  return {
    id: repo.id,
    tags: derived.tags,
    pipeline_tag: derived.pipeline_tag as ModelData["pipeline_tag"],
    library_name: derived.library_name,
    mask_token: derived.mask_token,
    config: derived.config as ModelData["config"],
    cardData: derived.cardData as ModelData["cardData"],
    widgetData: derived.widgetData as ModelData["widgetData"],
    transformersInfo: derived.transformersInfo as ModelData["transformersInfo"],
    gguf: derived.gguf as ModelData["gguf"],
    siblings: derived.siblings.map((file) => ({ rfilename: file.path })),
  };
}
