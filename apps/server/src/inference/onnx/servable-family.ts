import { fromJsonText } from "../../platform/json-columns.js";
import type { RepoRow } from "../../platform/repos.js";
import type { FileEntry } from "../../domain/repo.js";
import { familyForTask } from "./families/registry.js";
import type { ServableModel } from "./servable.js";

/**
 * Whether a model repo can be served by a task family (text generation, encoder-decoder text, speech,
 * vision…): its pipeline tag names a family task and its files have the layout that family loads.
 */
export function servableFamilyModel(row: RepoRow): ServableModel | string {
  const task = row.pipeline_tag ?? "";
  const family = familyForTask(task);
  if (!family) return `its task (${task || "none"}) is not one the ONNX backend runs`;
  if (!row.sha) return "it has no commit yet";
  const paths = fromJsonText<FileEntry[]>(row.siblings, []).map((file) => file.path);
  const files = family.layout(task, paths);
  if (typeof files === "string") return files;
  return { task, sha: row.sha, files, family: family.name };
}
