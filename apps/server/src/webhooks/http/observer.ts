import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { Logger } from "../../platform/logger.js";
import type { RepoRow, Repos } from "../../platform/repos.js";
import type { RepoType, Viewer } from "../../domain/repo.js";
import type { BeforeWrite } from "../change-detector.js";
import type { HubEvent } from "../events.js";
import type { WebhookService } from "../service.js";

const KIND: Record<string, RepoType> = {
  models: "model",
  datasets: "dataset",
  spaces: "space",
  kernels: "kernel",
};
/** `/api/{kind}/{owner}/{name}/…` writes, except those that never change a repo. */
const API_WRITE =
  /^\/api\/(models|datasets|spaces|kernels)\/([^/]+)\/([^/]+)\/(?!preupload\/|paths-info\/|like$|ask-access$)/;
/** `git push`: `[/datasets|/spaces|/kernels]/{owner}/{name}[.git]/git-receive-pack`. */
const GIT_PUSH = /^(?:\/(datasets|spaces|kernels))?\/([^/]+)\/([^/]+?)(?:\.git)?\/git-receive-pack$/;

type Target =
  { kind: "repo"; type: RepoType; id: string } | { kind: "create" } | { kind: "delete" } | { kind: "move" };

function targetOf(path: string): Target | undefined {
  if (path === "/api/repos/create") return { kind: "create" };
  if (path === "/api/repos/delete") return { kind: "delete" };
  if (path === "/api/repos/move") return { kind: "move" };
  const api = API_WRITE.exec(path);
  if (api) return { kind: "repo", type: KIND[api[1]], id: `${decode(api[2])}/${decode(api[3])}` };
  const push = GIT_PUSH.exec(path);
  if (push)
    return { kind: "repo", type: KIND[push[1] ?? "models"], id: `${decode(push[2])}/${decode(push[3])}` };
  return undefined;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function typeOf(raw: unknown): RepoType {
  return raw === "dataset" || raw === "space" || raw === "kernel" ? raw : "model";
}

/** The repo a delete or move request names in its JSON body (as the repo routes read it). */
function repoOfBody(
  target: Target,
  text: string,
  viewer: Viewer,
): { type: RepoType; id: string } | undefined {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (target.kind === "move")
    return typeof body.fromRepo === "string" ? { type: typeOf(body.type), id: body.fromRepo } : undefined;
  if (typeof body.name !== "string") return undefined;
  if (body.name.includes("/")) return { type: typeOf(body.type), id: body.name };
  const owner = typeof body.organization === "string" ? body.organization : viewer.user;
  return owner ? { type: typeOf(body.type), id: `${owner}/${body.name}` } : undefined;
}

/**
 * Watches every write request that may change a repo (commits, git push, refs, settings, rename,
 * delete, discussions) and, when a webhook watches that repo, publishes what changed once the request
 * succeeded. Deliveries are queued in the database before the client gets its answer.
 */
export function webhookObserver(
  service: WebhookService,
  repos: Repos,
  logger: Logger,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    const target =
      method === "GET" || method === "HEAD" || method === "OPTIONS" ? undefined : targetOf(c.req.path);
    if (!target || !service.hasWebhooks()) return next();
    let before: BeforeWrite | undefined;
    try {
      let repo: { type: RepoType; id: string } | undefined;
      if (target.kind === "repo") repo = target;
      else if (target.kind !== "create") repo = repoOfBody(target, await c.req.text(), c.var.viewer);
      const row: RepoRow | undefined = repo && (await repos.find(repo.type, repo.id));
      if (row && service.watchesRepo(row)) before = await service.detector.before(row);
    } catch (err) {
      logger.warn({ err: String(err) }, "webhooks: could not read the repo before a write");
    }
    await next();
    if (c.res.status >= 400 || (target.kind !== "create" && !before)) return;
    try {
      let events: HubEvent[] = [];
      if (before) events = await service.detector.after(before);
      else {
        const created = (await c.res.clone().json()) as { id?: unknown };
        if (typeof created.id === "string") events = await service.detector.created(created.id);
      }
      if (events.length > 0) await service.publish(events);
    } catch (err) {
      logger.error({ err: String(err) }, "webhooks: publishing the events of a write failed");
    }
  };
}
