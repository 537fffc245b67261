import type {
  WebhookDeliveryList,
  WebhookInfo,
  WebhookReplayResponse,
  WebhookResponse,
} from "@modelhub/api-types";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import { jsonBody } from "../../offload/json-body.js";
import { noStore } from "../../http-kit/middleware/no-store.js";
import { requireUser, requireWriteUser } from "../../platform/access-rules.js";
import { badRequest, notFound } from "../../domain/errors.js";
import type { Viewer } from "../../domain/repo.js";
import type { WebhookService } from "../service.js";
import { webhookJson } from "../service.js";
import { validateTargetUrl } from "../../outbound/target-url.js";
import type { WebhookRow } from "../store.js";

const MAX_WATCHED = 100;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const watchedSchema = z
  .array(
    z.object({
      type: z.enum(["user", "org", "model", "dataset", "space"]),
      name: z.string().min(1).max(200),
    }),
  )
  .min(1, "watch at least one user, organization or repo")
  .max(MAX_WATCHED);
const domainsSchema = z
  .array(z.enum(["repo", "discussion", "discussions"]))
  .min(1, "pick at least one domain: repo, discussion");
const secretSchema = z.string().max(256).nullable();

// huggingface_hub 0.x sends null for what was not given
const createSchema = z.object({
  watched: watchedSchema,
  domains: domainsSchema.nullish(),
  url: z.string().max(4096).nullish(),
  secret: secretSchema.nullish(),
  jobSourceId: z.string().nullish(),
  job: z.unknown().nullish(),
});
const updateSchema = z.object({
  watched: watchedSchema.nullish(),
  domains: domainsSchema.nullish(),
  url: z.string().max(4096).nullish(),
  secret: secretSchema.nullish(),
});

type Watched = z.infer<typeof watchedSchema>;

/** A webhook target as the audit log keeps it: scheme, host and port only (a path or query may hold a token). */
function targetOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "(invalid)";
  }
}

function webhookAuditData(row: WebhookRow): Record<string, unknown> {
  return {
    webhookId: row.id,
    owner: row.owner,
    target: targetOrigin(row.url),
    watched: JSON.parse(row.watched) as unknown,
    domains: JSON.parse(row.domains) as unknown,
    hasSecret: row.secret !== null,
    disabled: row.disabled === 1,
  };
}

/** What a change did, without secret values: `{from, to}` per field, and how the secret changed. */
function webhookChanges(before: WebhookRow, after: WebhookRow): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (before.url !== after.url)
    changes.target = { from: targetOrigin(before.url), to: targetOrigin(after.url), pathChanged: true };
  if (before.watched !== after.watched)
    changes.watched = {
      from: JSON.parse(before.watched) as unknown,
      to: JSON.parse(after.watched) as unknown,
    };
  if (before.domains !== after.domains)
    changes.domains = {
      from: JSON.parse(before.domains) as unknown,
      to: JSON.parse(after.domains) as unknown,
    };
  if (before.secret !== after.secret)
    changes.secretChange = after.secret === null ? "removed" : before.secret === null ? "added" : "changed";
  return changes;
}

function checkWatched(watched: Watched): string {
  for (const item of watched) {
    const parts = item.name.split("/");
    const repo = item.type !== "user" && item.type !== "org";
    if ((repo && parts.length !== 2) || (!repo && parts.length !== 1) || !parts.every((p) => NAME.test(p)))
      throw badRequest(
        `Invalid watched ${item.type} "${item.name}": ${repo ? "expected namespace/name" : "expected a user or organization name"}`,
      );
  }
  return JSON.stringify(watched.map((item) => ({ type: item.type, name: item.name })));
}

function normalDomains(domains: z.infer<typeof domainsSchema> | null | undefined): string {
  const list = domains ?? ["repo", "discussion"];
  return JSON.stringify([...new Set(list.map((d) => (d === "discussions" ? "discussion" : d)))]);
}

/**
 * `GET/POST /api/settings/webhooks`, `GET/POST/DELETE /api/settings/webhooks/{id}`,
 * `POST …/{id}/enable|disable`, `GET …/{id}/deliveries`, `POST …/{id}/deliveries/{deliveryId}/replay`.
 * A user sees and manages only their own webhooks; changes need a write token.
 */
export function webhookRoutes(service: WebhookService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = "/api/settings/webhooks";
  app.use(base, noStore);
  app.use(`${base}/*`, noStore);

  const own = async (viewer: Viewer, id: string, write: boolean): Promise<WebhookRow> => {
    const user = write ? requireWriteUser(viewer) : requireUser(viewer);
    const row = await service.store.find(id);
    if (!row || row.owner.toLowerCase() !== user.toLowerCase()) throw notFound(`Webhook ${id} not found`);
    return row;
  };
  const answer = async (row: WebhookRow | undefined): Promise<WebhookResponse> => {
    if (!row) throw notFound("Webhook not found");
    await service.reload();
    return { webhook: webhookJson(row) };
  };

  // a read token (a CI download job's) may list webhooks, but not learn their secrets
  const shown = (viewer: Viewer, info: WebhookInfo): WebhookInfo =>
    viewer.role === "write" ? info : { ...info, secret: null };

  app.get(base, async (c) => {
    const user = requireUser(c.var.viewer);
    const list = (await service.store.listOf(user)).map((row) => shown(c.var.viewer, webhookJson(row)));
    return c.json(list satisfies WebhookInfo[]);
  });

  app.post(base, async (c) => {
    const user = requireWriteUser(c.var.viewer);
    const body = await jsonBody(c, createSchema);
    if ((body.jobSourceId ?? undefined) !== undefined || (body.job ?? undefined) !== undefined)
      throw badRequest("Webhooks that start Jobs are not supported on this hub: give a url");
    if (body.url === undefined || body.url === null)
      throw badRequest("Missing url: the address the webhook POSTs its events to");
    const row = await service.store.create(
      {
        owner: user,
        url: validateTargetUrl(body.url, service.settings.allowHosts),
        secret: body.secret ?? null,
        domains: normalDomains(body.domains),
        watched: checkWatched(body.watched),
        disabled: 0,
      },
      (created) => ({ type: "webhook.create", namespace: created.owner, data: webhookAuditData(created) }),
    );
    return c.json((await answer(row)) satisfies WebhookResponse);
  });

  app.get(`${base}/:id`, async (c) => {
    const row = await own(c.var.viewer, c.req.param("id"), false);
    return c.json({ webhook: shown(c.var.viewer, webhookJson(row)) } satisfies WebhookResponse);
  });

  app.post(`${base}/:id`, async (c) => {
    const row = await own(c.var.viewer, c.req.param("id"), true);
    const body = await jsonBody(c, updateSchema);
    const updated = await service.store.update(
      row.id,
      {
        ...(body.url != null ? { url: validateTargetUrl(body.url, service.settings.allowHosts) } : {}),
        ...(body.watched != null ? { watched: checkWatched(body.watched) } : {}),
        ...(body.domains != null ? { domains: normalDomains(body.domains) } : {}),
        ...(body.secret != null ? { secret: body.secret === "" ? null : body.secret } : {}),
      },
      (before, after) => {
        const changes = webhookChanges(before, after);
        return Object.keys(changes).length === 0
          ? undefined
          : { type: "webhook.update", namespace: after.owner, data: { webhookId: after.id, changes } };
      },
    );
    return c.json((await answer(updated)) satisfies WebhookResponse);
  });

  app.delete(`${base}/:id`, async (c) => {
    const row = await own(c.var.viewer, c.req.param("id"), true);
    await service.store.remove(row.id, {
      type: "webhook.delete",
      namespace: row.owner,
      data: webhookAuditData(row),
    });
    await service.reload();
    return c.json({});
  });

  for (const [action, disabled] of [
    ["enable", 0],
    ["disable", 1],
  ] as const)
    app.post(`${base}/:id/${action}`, async (c) => {
      const row = await own(c.var.viewer, c.req.param("id"), true);
      const updated = await service.store.update(row.id, { disabled }, (before, after) =>
        before.disabled === after.disabled
          ? undefined
          : {
              type: action === "enable" ? "webhook.enable" : "webhook.disable",
              namespace: after.owner,
              data: { webhookId: after.id, target: targetOrigin(after.url) },
            },
      );
      return c.json((await answer(updated)) satisfies WebhookResponse);
    });

  app.get(`${base}/:id/deliveries`, async (c) => {
    const row = await own(c.var.viewer, c.req.param("id"), false);
    return c.json({ deliveries: await service.deliveries(row.id) } satisfies WebhookDeliveryList);
  });

  app.post(`${base}/:id/deliveries/:delivery/replay`, async (c) => {
    const row = await own(c.var.viewer, c.req.param("id"), true);
    const delivery = await service.store.findDelivery(row.id, c.req.param("delivery"));
    if (!delivery) throw notFound(`Delivery ${c.req.param("delivery")} not found`);
    return c.json({ delivery: await service.replay(row.id, delivery) } satisfies WebhookReplayResponse);
  });

  return app;
}
