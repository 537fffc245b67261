import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { AGENT_HARNESS_REGISTRY, type AgentHarnessRegistry } from "../../hub-api/agent-harnesses.js";

/** `GET /api/agent-harnesses`: the agent registry huggingface_hub reads to name the agent running it (public). */
export function agentHarnessRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/api/agent-harnesses", (c) => c.json(AGENT_HARNESS_REGISTRY satisfies AgentHarnessRegistry));
  return app;
}
