import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { firstBaseModel } from "../../../model/model-data-readers.js";
import { SNIPPET_PLACEHOLDERS, placeholderSnippet } from "../helpers.js";

/** PEFT task types and the transformers auto-class suffix each adapter is loaded onto. */
const AUTO_CLASS_BY_TASK: Readonly<Record<string, string>> = {
  CAUSAL_LM: "CausalLM",
  SEQ_2_SEQ_LM: "Seq2SeqLM",
  TOKEN_CLS: "TokenClassification",
  SEQ_CLS: "SequenceClassification",
};

/** PEFT: loads the base model with the auto class for the adapter's task, then applies the adapter. */
export function peftSnippets(model: ModelData): string[] {
  const peft = model.config?.peft;
  const taskType = peft?.task_type;
  const autoClass =
    taskType !== undefined && Object.hasOwn(AUTO_CLASS_BY_TASK, taskType)
      ? AUTO_CLASS_BY_TASK[taskType]
      : undefined;
  if (!autoClass) return [placeholderSnippet(SNIPPET_PLACEHOLDERS.taskTypeInvalid)];
  const base = peft?.base_model_name_or_path || firstBaseModel(model);
  if (!base) return [placeholderSnippet(SNIPPET_PLACEHOLDERS.baseModelMissing)];
  const loader = raw(`AutoModelFor${autoClass}`);
  return [
    python`from peft import PeftModel
from transformers import ${loader}

base_model = ${loader}.from_pretrained(${base})
model = PeftModel.from_pretrained(base_model, ${model.id})`,
  ];
}
