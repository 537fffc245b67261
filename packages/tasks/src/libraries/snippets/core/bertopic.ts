import { python } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";

/** BERTopic: loads a saved topic model from the Hub. */
export function bertopicSnippets(model: ModelData): string[] {
  return [
    python`from bertopic import BERTopic

model = BERTopic.load(${model.id})
print(model.get_topic_info())`,
  ];
}
