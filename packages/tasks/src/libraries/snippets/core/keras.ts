import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { KERAS_HUB_TASKS } from "../class-names.js";

/** Keras 3: any backend, weights and config loaded straight from the Hub. */
export function kerasSnippets(model: ModelData): string[] {
  return [
    python`# pip install "keras>=3"
import keras

model = keras.saving.load_model(${`hf://${model.id}`})`,
  ];
}

/** tf-keras: the legacy TensorFlow-only Keras 2, through huggingface_hub. */
export function tfKerasSnippets(model: ModelData): string[] {
  return [
    python`# Needs the legacy Keras 2: pip install tf-keras
from huggingface_hub import from_pretrained_keras

model = from_pretrained_keras(${model.id})`,
  ];
}

/** Example calls for KerasHub task classes that take a simple input. */
const TASK_USAGE: Readonly<Record<string, string>> = {
  CausalLM: 'task.generate("Keras is a", max_length=64)',
  Seq2SeqLM: 'task.generate("The quick brown fox jumped.")',
  TextClassifier: 'task.predict(["What an amazing movie!", "A total waste of my time."])',
  TextToImage: 'task.generate("Astronaut in a jungle, cold color palette, muted colors, detailed, 8k")',
};

/** KerasHub: one loader per task class listed in config.json, else the backbone. */
export function kerasHubSnippets(model: ModelData): string[] {
  const preset = `hf://${model.id}`;
  const tasks = (model.config?.keras_hub?.tasks ?? []).filter((task) => KERAS_HUB_TASKS.has(task));
  const snippets = tasks.map((task) => {
    const usage = Object.hasOwn(TASK_USAGE, task) ? `\n${TASK_USAGE[task]}` : "";
    return `${python`import keras_hub

# Load the ${raw(task)} task with its preprocessing
task = keras_hub.models.${raw(task)}.from_preset(${preset})`}${usage}`;
  });
  snippets.push(python`import keras_hub

# Load the backbone alone, to build your own task on top
backbone = keras_hub.models.Backbone.from_preset(${preset})`);
  return snippets;
}
