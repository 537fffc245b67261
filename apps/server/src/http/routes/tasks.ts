import { Hono } from "hono";
import { isPipelineType, TASKS_DATA, type TaskData } from "@modelhub/tasks";
import type { AppEnv } from "../contracts.js";
import { notFound } from "../errors.js";

function definedTasks(): Record<string, TaskData> {
  return Object.fromEntries(
    Object.entries(TASKS_DATA).filter((entry): entry is [string, TaskData] => entry[1] !== undefined),
  );
}

/** `GET /api/tasks` (object keyed by task id) and `GET /api/tasks/{task}`. */
export function taskRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/api/tasks", (c) => c.json(definedTasks()));
  app.get("/api/tasks/:task", (c) => {
    const id = c.req.param("task");
    const entry = isPipelineType(id) ? TASKS_DATA[id] : undefined;
    if (!entry) throw notFound(`Task ${id} has no catalogue entry`);
    return c.json(entry);
  });
  return app;
}
