import type { TaskEntry } from "@modelhub/api-types";
import { Hono } from "hono";
import { isPipelineType, TASKS_DATA, type TaskData } from "@modelhub/tasks";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { markExamplesOnHub } from "../../platform/task-examples.js";
import { notFound } from "../../domain/errors.js";

function definedTasks(): Record<string, TaskData> {
  return Object.fromEntries(
    Object.entries(TASKS_DATA).filter((entry): entry is [string, TaskData] => entry[1] !== undefined),
  );
}

/**
 * `GET /api/tasks` (object keyed by task id) and `GET /api/tasks/{task}`, whose example models, datasets
 * and spaces carry `onHub` (whether the viewer can open them on this hub).
 */
export function taskRoutes(deps?: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/api/tasks", (c) => c.json(definedTasks() satisfies Record<string, TaskEntry>));
  app.get("/api/tasks/:task", async (c) => {
    const id = c.req.param("task");
    const entry = isPipelineType(id) ? TASKS_DATA[id] : undefined;
    if (!entry) throw notFound(`Task ${id} has no catalogue entry`);
    if (!deps) return c.json(entry satisfies TaskEntry);
    const [models, datasets, spaces] = await Promise.all([
      markExamplesOnHub(deps.db, c.var.viewer, "model", entry.models),
      markExamplesOnHub(deps.db, c.var.viewer, "dataset", entry.datasets),
      markExamplesOnHub(deps.db, c.var.viewer, "space", entry.spaces),
    ]);
    return c.json({ ...entry, models, datasets, spaces } satisfies TaskEntry);
  });
  return app;
}
