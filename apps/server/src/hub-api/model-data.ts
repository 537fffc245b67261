import { maskTokenOf, type ModelData, type PipelineType } from "@modelhub/tasks";
import { fromJsonText } from "../platform/json-columns.js";
import type { RepoRow } from "../platform/repos.js";

/** The record snippet generators read, built from a stored repo row. */
export function modelDataOf(row: RepoRow): ModelData {
  const siblings = fromJsonText<{ path: string }[]>(row.siblings, []);
  const model: ModelData = {
    id: row.full_id,
    tags: fromJsonText<string[]>(row.tags, []),
    pipeline_tag: (row.pipeline_tag ?? undefined) as PipelineType | undefined,
    library_name: row.library_name ?? undefined,
    config: fromJsonText<ModelData["config"]>(row.config, undefined),
    cardData: fromJsonText<ModelData["cardData"]>(row.card_data, undefined),
    widgetData: fromJsonText<ModelData["widgetData"]>(row.widget_data, undefined),
    transformersInfo: fromJsonText<ModelData["transformersInfo"]>(row.transformers_info, undefined),
    gguf: fromJsonText<ModelData["gguf"]>(row.gguf, undefined),
    siblings: siblings.map((s) => ({ rfilename: s.path })),
  };
  const mask = maskTokenOf(model);
  if (mask !== undefined) model.mask_token = mask;
  return model;
}
