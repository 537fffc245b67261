import type { CollectionUpdated } from "@modelhub/api-types";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { PlatformRouteDeps } from "../../platform/http/route-deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { badRequest, notFound } from "../../domain/errors.js";
import { requireWriteUser } from "../../platform/access-rules.js";
import { LISTED_ITEMS, presentCollection } from "../present.js";
import { Collections, type ItemType } from "../service.js";
import type { CollectionRow, CollectionSort } from "../store.js";
import {
  collectionChangesBody,
  itemChangesBody,
  newCollectionBody,
  newItemBody,
} from "./collection-bodies.js";

const SORTS: readonly CollectionSort[] = ["lastModified", "trending", "upvotes"];
const DEFAULT_PAGE = 30;
const MAX_PAGE = 100;

/**
 * Collections, as huggingface_hub calls them: `GET/POST /api/collections`,
 * `GET/PATCH/DELETE /api/collections/{owner}/{slug}`, `POST …/items`, `PATCH/DELETE …/items/{itemId}`.
 */
export function collectionRoutes(deps: Pick<PlatformRouteDeps, "db" | "repos" | "accounts">): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const service = new Collections(deps.db, deps.repos, deps.accounts);
  const slugPath = "/api/collections/:owner/:slug";
  const full = async (c: Context<AppEnv>, row: CollectionRow) =>
    presentCollection(service, c.var.viewer, row, await service.store.items(row.id));
  const readable = (c: Context<AppEnv>) =>
    service.readable(c.var.viewer, c.req.param("owner") ?? "", c.req.param("slug") ?? "");
  const writable = (c: Context<AppEnv>) =>
    service.writable(c.var.viewer, c.req.param("owner") ?? "", c.req.param("slug") ?? "");

  app.get("/api/collections", async (c) => {
    const sort = c.req.query("sort") ?? "lastModified";
    if (!SORTS.includes(sort as CollectionSort))
      throw badRequest(`"sort" must be one of [${SORTS.join(", ")}]`);
    const limit = pageNumber(c.req.query("limit"), DEFAULT_PAGE, "limit");
    const offset = pageNumber(c.req.query("cursor"), 0, "cursor");
    const { rows, more } = await service.list(c.var.viewer, {
      owners: c.req.queries("owner") ?? [],
      items: c.req.queries("item") ?? [],
      sort: sort as CollectionSort,
      offset,
      limit: Math.min(Math.max(limit, 1), MAX_PAGE),
    });
    const itemsByCollection = await service.store.itemsOf(rows.map((row) => row.id));
    const page = [];
    for (const row of rows)
      page.push(
        await presentCollection(
          service,
          c.var.viewer,
          row,
          itemsByCollection.get(row.id) ?? [],
          LISTED_ITEMS,
        ),
      );
    if (more) {
      const next = new URL(c.req.url);
      next.searchParams.set("cursor", String(offset + rows.length));
      c.header("Link", `<${next.toString()}>; rel="next"`);
    }
    return c.json(page);
  });

  app.post("/api/collections", async (c) => {
    requireWriteUser(c.var.viewer);
    const body = await jsonBody(c, newCollectionBody);
    const row = await service.create(c.var.viewer, body);
    return c.json(await full(c, row));
  });

  app.get(slugPath, async (c) => c.json(await full(c, await readable(c))));

  app.patch(slugPath, async (c) => {
    const row = await writable(c);
    const changes = await jsonBody(c, collectionChangesBody);
    const updated = await service.update(row, changes);
    return c.json({ success: true, data: await full(c, updated) } satisfies CollectionUpdated);
  });

  app.delete(slugPath, async (c) => {
    await service.delete(await writable(c));
    return c.json({ success: true });
  });

  app.post(`${slugPath}/items`, async (c) => {
    const row = await writable(c);
    const body = await jsonBody(c, newItemBody);
    const type = body.item.type;
    if (type === "paper" || type === "bucket")
      throw notFound(`This hub has no ${type}s: ${type} ${body.item.id} not found`);
    await service.addItem(c.var.viewer, row, { type: type satisfies ItemType, id: body.item.id }, body.note);
    return c.json(await full(c, (await service.store.find(row.id)) ?? row));
  });

  app.patch(`${slugPath}/items/:itemId`, async (c) => {
    const row = await writable(c);
    const body = await jsonBody(c, itemChangesBody);
    await service.updateItem(c.var.viewer, row, c.req.param("itemId"), body);
    return c.json({ success: true });
  });

  app.delete(`${slugPath}/items/:itemId`, async (c) => {
    const row = await writable(c);
    await service.deleteItem(row, c.req.param("itemId"));
    return c.json({ success: true });
  });

  return app;
}

function pageNumber(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw badRequest(`"${name}" must be a non-negative integer`);
  return Number(raw);
}
