import "./task-forms.css";
import { SPEECH_FORMS } from "./speech.js";
import { TEXT_TO_TEXT_FORMS } from "./text-to-text.js";
import type { TaskFormEntry } from "./types.js";
import { VISION_FORMS } from "./vision.js";

/**
 * The try-it forms of the task families (the first eight tasks keep task-view.tsx). Extension point:
 * a family adds a module here that exports its entries (vision.tsx is the vision families' slot).
 */
export const TASK_FORMS: readonly TaskFormEntry[] = [...TEXT_TO_TEXT_FORMS, ...SPEECH_FORMS, ...VISION_FORMS];

export function taskFormFor(task: string): TaskFormEntry | undefined {
  return TASK_FORMS.find((entry) => entry.tasks.includes(task));
}
