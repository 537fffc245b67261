import type { ComponentType } from "react";

export interface TaskFormProps {
  modelId: string;
  task: string;
}

/** A try-it form for some tasks the hub's ONNX backend runs (one module per task family). */
export interface TaskFormEntry {
  tasks: readonly string[];
  Form: ComponentType<TaskFormProps>;
}
