import { Hono } from "hono";
import type { AppEnv } from "../http-kit/contracts.js";
import { bodyClassOf, SMALL_BODY_BYTES } from "./body-limits.js";
import type { AppDeps } from "./deps.js";
import { errorHandler } from "./errors.js";
import { accessLog } from "./middleware/access-log.js";
import { commonHeaders } from "./middleware/common-headers.js";
import { authMiddleware } from "./middleware/auth.js";
import { tokenPermissionCheck } from "./middleware/token-permission-check.js";
import { jsonCompression } from "./middleware/json-compression.js";
import { CompanySignIn } from "../sso/company-sign-in.js";
import { NO_SSO } from "../sso/settings.js";
import { companySignInRoutes } from "../sso/http/routes.js";
import { platformRoutes } from "./routes.js";
import { quickSearchRoutes } from "./routes/quick-search.js";
import { loadWebApp, webRoutes } from "./routes/web.js";
import { HttpError, notFound, repoNotFound } from "../domain/errors.js";
import { mirrorRoutes } from "../mirror/http/mirror-routes.js";
import { scanRoutes } from "../scanning/http/scan-routes.js";
import { healthRoutes } from "../operations/http/health-routes.js";
import { metricsRoutes, requestMetrics } from "../operations/http/metrics-routes.js";
import { webhookObserver } from "../webhooks/http/observer.js";
import { webhookRoutes } from "../webhooks/http/webhook-routes.js";
import { collectionRoutes } from "../collections/http/collection-routes.js";
import { repoStorageRoutes } from "../repo-storage/http/repo-storage-routes.js";
import { duplicateRoutes } from "../spaces/http/duplicate-routes.js";
import { spaceSettingsRoutes } from "../spaces/http/space-settings-routes.js";
import { auditRoutes } from "../audit/http/audit-routes.js";
import { quotaRoutes } from "../quotas/http/quota-routes.js";
import { boundedBody } from "../http-kit/body-limit.js";

export type { AppDeps } from "./deps.js";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
const BODYLESS = new Set(["GET", "HEAD"]);

const DEFAULT_MAX_JSON_BYTES = 64 * 1024 * 1024;

const EXPOSED_HEADERS = [
  "ETag",
  "X-Linked-Etag",
  "X-Linked-Size",
  "X-Repo-Commit",
  "Content-Range",
  "Content-Length",
  "Link",
  "Retry-After",
  "X-Error-Code",
  "X-Error-Message",
  "X-Request-Id",
  "X-Total-Count",
  "X-Xet-Hash",
];

/** The hub's HTTP application: platform routes, the content half's routes, then the web app. */
const REPO_API_PATH = /^\/api\/(?:models|datasets|spaces|kernels)\/[^/]+(?:\/.*)?$/;

export function createApp(given: AppDeps): Hono<AppEnv> {
  const deps = {
    ...given,
    sso: given.sso ?? new CompanySignIn(given.db, given.accounts, NO_SSO, { logger: given.logger }),
  };
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(deps.logger));
  const operations = deps.operations;
  if (operations) app.use("*", requestMetrics(operations.metrics));

  app.use(
    "*",
    commonHeaders({
      allowHeaders: ["Authorization", "Range", "Content-Type", "X-Request-Id", "X-HF-Bill-To"],
      allowMethods: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"],
      exposeHeaders: EXPOSED_HEADERS,
    }),
  );
  app.use("*", accessLog(deps.logger));
  app.use("*", async (c, next) => {
    // the URL is normalised: a NUL (or anything else needing decoding) arrives percent-encoded
    if (!c.req.url.includes("%")) return next();
    const url = new URL(c.req.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      throw new HttpError(400, "The request path is not valid percent-encoded UTF-8");
    }
    // No name, path, revision or search term contains NUL; databases refuse it in text.
    if (decoded.includes("\0")) throw new HttpError(400, "The request path contains a NUL character");
    for (const [key, value] of url.searchParams)
      if (key.includes("\0") || value.includes("\0"))
        throw new HttpError(400, "A query parameter contains a NUL character");
    await next();
  });
  app.use("/api/*", jsonCompression());
  // before authentication: a load balancer's probe must answer while the database is down
  if (operations) app.route("/", healthRoutes(operations));
  const signals = deps.signals;
  if (signals)
    app.use("*", async (c, next) => {
      await next();
      if (!READS.has(c.req.method)) await signals.settled();
    });
  app.use("*", authMiddleware(deps.accounts, deps.sso.sessions, deps.sso));
  // fine-grained tokens and org token policies: one check per route, from the app's own route table
  app.use(
    "*",
    tokenPermissionCheck(deps.repos, () => app.routes),
  );
  if (operations) app.route("/", metricsRoutes(operations.metrics, operations.metricsPublic));
  const maxJson = deps.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES;
  // Every API body is bounded while it streams, with a bound that fits the route (see body-limits.ts).
  const limitTo = (maxSize: number) => boundedBody(maxSize, `Request body is larger than ${maxSize} bytes`);
  const limits = { large: limitTo(maxJson), small: limitTo(Math.min(maxJson, SMALL_BODY_BYTES)) };
  app.use("/api/*", (c, next) => {
    // reading a body-less request's body would only build a full fetch Request for nothing
    if (BODYLESS.has(c.req.method) && !c.req.header("Content-Length") && !c.req.header("Transfer-Encoding"))
      return next();
    const kind = bodyClassOf(c.req.path);
    return kind === "own" ? next() : limits[kind](c, next);
  });

  if (deps.webhooks) {
    app.use("*", webhookObserver(deps.webhooks, deps.repos, deps.logger));
    app.route("/", webhookRoutes(deps.webhooks));
  }
  if (deps.mirror) app.route("/", mirrorRoutes(deps.mirror));
  if (deps.audit) app.route("/", auditRoutes({ db: deps.db, accounts: deps.accounts, audit: deps.audit }));
  if (deps.scanning) app.route("/", scanRoutes(deps.scanning, deps.repos));
  if (deps.quotas) app.route("/", quotaRoutes(deps.quotas));
  for (const group of deps.datasetViewerRoutes ?? []) app.route("/", group);
  for (const group of platformRoutes(deps)) app.route("/", group);
  for (const group of companySignInRoutes(deps)) app.route("/", group);
  app.route("/", quickSearchRoutes(deps));
  app.route("/", collectionRoutes(deps));
  app.route("/", repoStorageRoutes(deps));
  app.route("/", duplicateRoutes(deps));
  app.route("/", spaceSettingsRoutes(deps));
  if (deps.maintenanceRoutes) app.route("/", deps.maintenanceRoutes);
  if (deps.contentRoutes) app.route("/", deps.contentRoutes);
  const web = loadWebApp(deps.webDir);
  if (web) app.route("/", webRoutes(deps, web));
  else
    app.get("/", (c) =>
      c.json({ name: "ModelHub", api: "/api/models", web: "not built (run npm run build)" }),
    );

  const onError = errorHandler(deps.logger);
  app.notFound((c) =>
    onError(
      // under /api/{kind}/ an unmatched path names a repo this hub does not hold (e.g. an id without a
      // namespace, `/api/models/gpt2/commits/main`): the Hub answers RepoNotFound there, which clients read
      REPO_API_PATH.test(c.req.path)
        ? repoNotFound()
        : notFound(`No route for ${c.req.method} ${c.req.path}`),
      c,
    ),
  );
  return app;
}
