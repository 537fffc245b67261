import type { TaskFamily } from "./family.js";
import { seq2seqFamily } from "./seq2seq/requests.js";
import { speechFamily } from "./speech/requests.js";
import { textGenerationFamily } from "./text-generation/requests.js";
import { VISION_FAMILIES } from "./vision/requests.js";

/**
 * The task families the ONNX backend serves besides the first eight tasks (task-requests.ts), on the
 * hub's main thread. Extension point: a family is a folder under families/ with a `TaskFamily` here and
 * a `FamilyRunner` in runners.ts.
 */
export const TASK_FAMILIES: readonly TaskFamily[] = [
  textGenerationFamily,
  seq2seqFamily,
  speechFamily,
  ...VISION_FAMILIES,
];

/** The family answering a Hub task, if any. */
export function familyForTask(task: string): TaskFamily | undefined {
  return TASK_FAMILIES.find((family) => family.tasks.includes(task));
}

export function familyNamed(name: string): TaskFamily | undefined {
  return TASK_FAMILIES.find((family) => family.name === name);
}

/** Every task some family answers. */
export function familyTasks(): string[] {
  return TASK_FAMILIES.flatMap((family) => [...family.tasks]);
}
