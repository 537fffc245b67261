import { python, raw } from "../../../code/index.js";
import type { ModelData } from "../../../model/model-data.js";
import { filesWithExtension, repoNameOf } from "../helpers.js";

const ALGORITHMS = ["A2C", "DDPG", "DQN", "PPO", "SAC", "TD3"] as const;

/** The algorithm class named in the model's tags (e.g. `ppo`), PPO when none is. */
function algorithmOf(model: ModelData): string {
  const tags = new Set((model.tags ?? []).map((tag) => tag.toUpperCase()));
  return ALGORITHMS.find((name) => tags.has(name)) ?? "PPO";
}

/** Stable-Baselines3: fetches the zipped agent with huggingface_sb3 and loads it. */
export function stableBaselines3Snippets(model: ModelData): string[] {
  const filename = filesWithExtension(model, "zip")[0] ?? `${repoNameOf(model.id)}.zip`;
  const algorithm = raw(algorithmOf(model));
  return [
    python`from huggingface_sb3 import load_from_hub
from stable_baselines3 import ${algorithm}

checkpoint = load_from_hub(repo_id=${model.id}, filename=${filename})
model = ${algorithm}.load(checkpoint)`,
  ];
}
