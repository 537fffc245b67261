import type { AuditCatalogueEntry, AuditPage } from "@modelhub/api-types";
import { Hono, type Context } from "hono";
import type { Kysely } from "kysely";
import type { AppEnv } from "../../http-kit/contracts.js";
import { noStore } from "../../http-kit/middleware/no-store.js";
import type { Database } from "../../db/schema.js";
import { badRequest, forbidden, notFound } from "../../domain/errors.js";
import type { Viewer } from "../../domain/repo.js";
import { requireUser } from "../../platform/access-rules.js";
import type { Accounts } from "../../platform/accounts.js";
import { AUDIT_CATALOGUE, AUDIT_EVENT_TYPES, scopeOf } from "../catalogue.js";
import { auditCsv, auditEventJson } from "../present.js";
import { allAuditEvents, auditPage, parseAuditQuery, parseCursor, type AuditFilter } from "../query.js";
import { recordAuditEvent } from "../record.js";
import type { AuditService } from "../service.js";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;
const FORMATS = ["json", "csv", "ndjson"] as const;
type Format = (typeof FORMATS)[number];

export interface AuditRouteDeps {
  db: Kysely<Database>;
  accounts: Accounts;
  audit: AuditService;
}

function pageLimit(raw: string | undefined): number {
  if (raw === undefined || raw === "") return DEFAULT_LIMIT;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MAX_LIMIT)
    throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return value;
}

function formatOf(raw: string | undefined): Format {
  const format = (raw ?? "json").toLowerCase();
  if (!(FORMATS as readonly string[]).includes(format))
    throw badRequest(`Unknown format "${format.slice(0, 20)}": use json, csv or ndjson`);
  return format as Format;
}

function requireSiteAdmin(viewer: Viewer): void {
  requireUser(viewer);
  if (viewer.isAdmin !== true) throw forbidden("Only site admins can read the hub's audit log");
}

/** Streams every matching event, newest first, as a JSON array, CSV or JSON lines download. */
function exportResponse(db: Kysely<Database>, filter: AuditFilter, format: Format, name: string): Response {
  const encoder = new TextEncoder();
  const pages = allAuditEvents(db, filter);
  let first = true;
  let finished = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (finished) return;
      const next = await pages.next();
      if (next.done) {
        finished = true;
        if (format === "json") controller.enqueue(encoder.encode(first ? "[]\n" : "\n]\n"));
        else if (format === "csv" && first) controller.enqueue(encoder.encode(auditCsv([], true)));
        controller.close();
        return;
      }
      const events = next.value.map(auditEventJson);
      let chunk: string;
      if (format === "csv") chunk = auditCsv(events, first);
      else if (format === "ndjson") chunk = events.map((event) => `${JSON.stringify(event)}\n`).join("");
      else chunk = `${first ? "[\n" : ",\n"}${events.map((event) => JSON.stringify(event)).join(",\n")}`;
      first = false;
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  const type = { json: "application/json", csv: "text/csv", ndjson: "application/x-ndjson" }[format];
  return new Response(body, {
    headers: {
      "Content-Type": `${type}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${name}.${format === "ndjson" ? "jsonl" : format}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * The audit log's reads: an organisation's (its admins and site admins; the Hub's export route plus a
 * paged one for the web page) and the whole hub's (site admins), the catalogue, and a chain check.
 *
 * | route | who |
 * |---|---|
 * | GET /api/organizations/:org/audit-log/export?q=&format=json\|csv\|ndjson | org admins, site admins |
 * | GET /api/organizations/:org/audit-log?q=&cursor=&limit= | org admins, site admins |
 * | GET /api/admin/audit-log?q=&cursor=&limit= | site admins |
 * | GET /api/admin/audit-log/export?q=&format= | site admins |
 * | GET /api/admin/audit-log/verify | site admins |
 * | GET /api/audit-log/catalogue | anyone |
 */
export function auditRoutes(deps: AuditRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("/api/organizations/:org/audit-log/*", noStore);
  app.use("/api/organizations/:org/audit-log", noStore);
  app.use("/api/admin/audit-log/*", noStore);
  app.use("/api/admin/audit-log", noStore);

  /** The org's canonical name when the viewer administers it (or the hub). */
  const administeredOrg = async (c: Context<AppEnv>): Promise<string> => {
    const viewer = c.var.viewer;
    const user = requireUser(viewer);
    const org = await deps.accounts.findOrg(c.req.param("org") ?? "");
    if (!org) throw notFound(`Organization ${c.req.param("org")} not found`);
    if (viewer.isAdmin === true) return org.name;
    const membership = (await deps.accounts.orgsOf(user)).find((row) => row.name === org.name);
    if (membership?.role !== "admin") throw forbidden(`Only admins of ${org.name} can read its audit log`);
    return org.name;
  };

  /** The org's filter: its own events only (a `namespace:` term cannot widen it). */
  const orgFilter = (org: string, q: string | undefined): AuditFilter => {
    const filter = parseAuditQuery(q);
    if (filter.namespaces.length > 0) throw badRequest("namespace: is fixed to the organization here");
    return { ...filter, namespaces: [org] };
  };

  const page = async (c: Context<AppEnv>, filter: AuditFilter) => {
    const rows = await auditPage(deps.db, filter, {
      before: parseCursor(c.req.query("cursor")),
      limit: pageLimit(c.req.query("limit")),
    });
    return c.json({
      events: rows.rows.map(auditEventJson),
      nextCursor: rows.next === undefined ? null : String(rows.next),
    } satisfies AuditPage);
  };

  app.get("/api/organizations/:org/audit-log/export", async (c) => {
    const org = await administeredOrg(c);
    const q = c.req.query("q");
    const filter = orgFilter(org, q);
    const format = formatOf(c.req.query("format"));
    // the Hub records exports too (org.audit_log.export)
    await recordAuditEvent(deps.db, {
      type: "org.audit_log.export",
      namespace: org,
      data: { org, q: q ?? "", format },
    });
    return exportResponse(
      deps.db,
      filter,
      format,
      `audit-log-${org}-${new Date().toISOString().slice(0, 10)}`,
    );
  });

  app.get("/api/organizations/:org/audit-log", async (c) => {
    const org = await administeredOrg(c);
    return page(c, orgFilter(org, c.req.query("q")));
  });

  app.get("/api/admin/audit-log", async (c) => {
    requireSiteAdmin(c.var.viewer);
    return page(c, parseAuditQuery(c.req.query("q")));
  });

  app.get("/api/admin/audit-log/export", async (c) => {
    requireSiteAdmin(c.var.viewer);
    const filter = parseAuditQuery(c.req.query("q"));
    const format = formatOf(c.req.query("format"));
    return exportResponse(deps.db, filter, format, `audit-log-${new Date().toISOString().slice(0, 10)}`);
  });

  app.get("/api/admin/audit-log/verify", async (c) => {
    requireSiteAdmin(c.var.viewer);
    return c.json(await deps.audit.verify());
  });

  app.get("/api/audit-log/catalogue", (c) =>
    c.json(
      AUDIT_EVENT_TYPES.map((type) => ({
        type,
        scope: scopeOf(type),
        description: AUDIT_CATALOGUE[type].description,
      })) satisfies AuditCatalogueEntry[],
    ),
  );

  return app;
}
