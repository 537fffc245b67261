import { fromJsonText } from "../../platform/json-columns.js";
import type { RepoRow } from "../../platform/repos.js";
import type { FileEntry } from "../../domain/repo.js";
import { familyForTask } from "./families/registry.js";
import { ENCODER_DECODER_GRAPHS } from "./families/layout.js";
import { ONNX_WEIGHTS, type ServableModel } from "./servable.js";

/**
 * The task a repo is served as: its pipeline tag, except that a text-generation repo holding an
 * encoder-decoder export (T5, BART…: the Hub tags them text-generation, text2text-generation being a
 * subtask now) runs as text2text-generation.
 */
export function servingTask(pipelineTag: string, paths: readonly string[]): string {
  const encoderDecoder = ENCODER_DECODER_GRAPHS.every((graph) => paths.includes(graph));
  if (pipelineTag === "text-generation" && !paths.includes(ONNX_WEIGHTS) && encoderDecoder)
    return "text2text-generation";
  return pipelineTag;
}

/**
 * Whether a model repo can be served by a task family (text generation, encoder-decoder text, speech,
 * vision…): its pipeline tag names a family task and its files have the layout that family loads.
 */
export function servableFamilyModel(row: RepoRow): ServableModel | string {
  const paths = fromJsonText<FileEntry[]>(row.siblings, []).map((file) => file.path);
  const task = servingTask(row.pipeline_tag ?? "", paths);
  const family = familyForTask(task);
  if (!family) return `its task (${task || "none"}) is not one the ONNX backend runs`;
  if (!row.sha) return "it has no commit yet";
  const files = family.layout(task, paths);
  if (typeof files === "string") return files;
  return { task, sha: row.sha, files, family: family.name };
}
