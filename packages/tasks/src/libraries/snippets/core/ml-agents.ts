import { shell } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** Unity ML-Agents: downloads the trained agent with the ml-agents command-line tool. */
export function mlAgentsSnippets(model: ModelData): string[] {
  return [shell`mlagents-load-from-hf --repo-id=${model.id} --local-dir=./downloads`];
}
