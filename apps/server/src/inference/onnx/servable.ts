import { fromJsonText } from "../../platform/json-columns.js";
import type { RepoRow } from "../../platform/repos.js";
import { isOnnxTask, type OnnxTask } from "./worker-protocol.js";
import type { FileEntry } from "../../domain/repo.js";

/** The ONNX weights the backend loads (transformers.js's fp32 default on CPU). */
export const ONNX_WEIGHTS = "onnx/model.onnx";

/** What the backend needs of a repo at one commit: the files to copy into the worker's model folder. */
export interface ServableModel {
  /** The model's task (a classic one, or one of a task family). */
  task: OnnxTask | (string & {});
  sha: string;
  files: string[];
  /** The task family that serves it (families/registry.ts); absent for the first eight tasks. */
  family?: string;
}

/**
 * Whether a model repo has the transformers.js layout the backend runs (`config.json`,
 * `onnx/model.onnx`, and a tokenizer or an image preprocessor) for a task it knows, and which files
 * to fetch: every JSON file at the root plus the ONNX weights (and their external data, if any).
 */
export function servableModel(row: RepoRow): ServableModel | string {
  const task = row.pipeline_tag ?? "";
  if (!isOnnxTask(task)) return `its task (${task || "none"}) is not one the ONNX backend runs`;
  if (!row.sha) return "it has no commit yet";
  const paths = fromJsonText<FileEntry[]>(row.siblings, []).map((file) => file.path);
  const has = (path: string) => paths.includes(path);
  if (!has("config.json") || !has(ONNX_WEIGHTS))
    return `it does not have the transformers.js layout (config.json and ${ONNX_WEIGHTS})`;
  const needsImages = task === "image-classification";
  if (needsImages ? !has("preprocessor_config.json") : !has("tokenizer.json"))
    return `it has no ${needsImages ? "preprocessor_config.json" : "tokenizer.json"}`;
  const files = paths.filter(
    (path) =>
      (!path.includes("/") && path.endsWith(".json")) ||
      path === ONNX_WEIGHTS ||
      path === `${ONNX_WEIGHTS}_data`,
  );
  return { task, sha: row.sha, files };
}
