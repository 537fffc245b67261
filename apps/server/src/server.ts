import { PortInUseError } from "./net/port-in-use-error.js";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import type { Hono } from "hono";
import type { Config } from "./config/config.js";
import { openHubDatabase } from "./compose/open-hub-database.js";
import { createApp } from "./http/app.js";
import { withNodeStreamBodies } from "./content/http/node-stream-body.js";
import type { AppEnv } from "./http-kit/contracts.js";
import { loadContent } from "./compose/content-module.js";
import { openBlobStore } from "./compose/blob-store.js";
import { ensureWritableDataDir } from "./platform/data-dir.js";
import { ensureSiteAdmin } from "./platform/site-admin.js";
import { createLogger, type Logger } from "./platform/logger.js";
import { createPlatformServices, type PlatformServices } from "./platform/services.js";
import { importCatalogue, needsSeeding } from "./seed/import-catalogue.js";
import { backfillParameterCounts } from "./platform/backfill-parameter-counts.js";
import { loadCatalogue } from "./seed/load-catalogue.js";
import { repairSeededLfsRouting } from "./seed/repair-lfs-routing.js";
import { createOnnxBackend, ONNX_BACKEND_NAME } from "./inference/onnx/onnx-backend.js";
import { addOnnxDemoModelsToSeededHub } from "./seed/tiny-onnx/seeded-hubs.js";
import { addRunnableModelsToSeededHub } from "./seed/tiny-gguf/seeded-hubs.js";
import { InferenceRuntime } from "./inference/runtime.js";
import { NO_INFERENCE } from "./inference/settings.js";
import { usageWritesSettled } from "./inference/usage-store.js";
import { HealthChecker } from "./inference/health/checker.js";
import type { RepoContent } from "./domain/ports.js";
import { reconcileAll } from "./maintenance/reconcile.js";
import { GcScheduler } from "./maintenance/gc/gc-scheduler.js";
import { adminGcRoutes } from "./maintenance/http/admin-gc-routes.js";
import { watchStorage } from "./content/storage-full.js";
import { applyConnectionTimeouts, serverOptions } from "./net/connection-timeouts.js";
import { GracefulServer } from "./net/graceful-server.js";
import { MirrorService } from "./mirror/service.js";
import type { Coordination } from "./replicas/coordination.js";
import { postgresCoordination } from "./replicas/pg-coordination.js";
import { singleProcessCoordination } from "./replicas/single-process.js";
import { countBlobStoreErrors, HubMetrics } from "./operations/metrics.js";
import {
  blobStoreProbe,
  databaseProbe,
  replicaNoticesProbe,
  writableFolderProbe,
} from "./operations/probes.js";
import { watchDatasetCommits } from "./datasets/commit-hook.js";
import { datasetViewerRoutes } from "./datasets/http/routes.js";
import { DatasetViewer } from "./datasets/service.js";
import { datasetViewerSettings } from "./datasets/settings.js";
import { WebhookService } from "./webhooks/service.js";
import { readRefSnapshot } from "./webhooks/ref-snapshot.js";
import { CompanySignIn } from "./sso/company-sign-in.js";
import { AuditService } from "./audit/service.js";
import { StorageQuotas, type StorageQuotasDeps } from "./quotas/service.js";
import { registerQuotaMetrics } from "./quotas/quota-metrics.js";
import { databaseAuditTrail } from "./audit/trail.js";
import { ScanService } from "./scanning/service.js";

export { PortInUseError };

export interface RunningHub {
  /** Base URL the server answers on (the public URL when one is configured). */
  url: string;
  port: number;
  app: Hono<AppEnv>;
  services: PlatformServices;
  content: RepoContent;
  logger: Logger;
  /** Inference backends, their status and the provider mappings they publish. */
  inference: InferenceRuntime;
  /** The upstream mirror, when one is configured. */
  mirror?: MirrorService;
  /** How this replica agrees with the others on one PostgreSQL (locks, cache notices, job leaders). */
  coordination: Coordination;
  /** The dataset viewer (Parquet conversion and queries), unless MODELHUB_DATASETS_VIEWER=0. */
  datasetViewer?: DatasetViewer;
  /** Webhooks and their delivery queue. */
  webhooks: WebhookService;
  /** Company sign-in (OIDC, SAML, LDAP, SCIM, 2FA) and the security events it reports. */
  sso: CompanySignIn;
  /** The audit log's jobs: streaming to its sinks, retention, verification. */
  audit: AuditService;
  /** Security scans (pickle imports, ClamAV, format checks) and the scan policy. */
  scanning: ScanService;
  /**
   * Stops accepting, lets in-flight requests finish for up to `drainMs` (the configured drain time),
   * cuts what is left, then closes the database.
   */
  close(drainMs?: number): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** PostgreSQL schema (tests use a fresh one per run). */
  databaseSchema?: string;
  /** Called once the port is open (before a first-start import), with the hub's URL. */
  onListening?: (url: string) => void;
}

const ROLLING_REFRESH_MS = 60 * 60 * 1000;

/**
 * Starts the hub: checks the data folder, opens and migrates the database, binds the port, builds the
 * app around the content half, then seeds an empty hub. Fails fast with a clear error at each step.
 */
export async function startHub(config: Config, options: StartOptions = {}): Promise<RunningHub> {
  const logger = options.logger ?? createLogger(config.logLevel);
  ensureWritableDataDir(config.dataDir);
  watchStorage(config.dataDir);
  const hub = await openHubDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: options.databaseSchema,
  });
  logger.info({ database: hub.location, dialect: hub.dialect }, "database ready");
  let coordination: Coordination;
  try {
    coordination =
      hub.dialect === "postgres" && config.databaseUrl
        ? await postgresCoordination({
            url: config.databaseUrl,
            schema: options.databaseSchema,
            db: hub.db,
            logger,
            lockWaitMs: config.replicas.repoLockWaitMs,
            leaderRetryMs: config.replicas.leaderRetryMs,
          })
        : singleProcessCoordination();
  } catch (err) {
    await hub.close();
    throw err;
  }
  const metrics = new HubMetrics();

  // env carries the Node request (client address for the sign-in throttle)
  let handler: ((request: Request, env: unknown) => Response | Promise<Response>) | undefined;
  const server = createAdaptorServer({
    fetch: withNodeStreamBodies((request: Request, env: unknown) =>
      handler ? handler(request, env) : new Response('{"error":"Starting up"}', { status: 503 }),
    ),
    serverOptions: serverOptions(config.net),
  }) as Server;
  applyConnectionTimeouts(server, config.net);
  const graceful = new GracefulServer(server);
  try {
    await listen(server, config.port, config.host);
  } catch (err) {
    metrics.stop();
    await coordination.close();
    await hub.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  const listenUrl = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
  const publicUrl = config.publicUrlExplicit ? config.publicUrl : listenUrl;
  options.onListening?.(publicUrl);

  try {
    const services = createPlatformServices(hub, coordination.signals);
    if (config.adminToken) {
      const token = config.adminToken;
      // replicas starting together: one creates the account, the others then find it
      await coordination.exclusive("startup", () => ensureSiteAdmin(services.accounts, token));
    }
    const auditTrail = databaseAuditTrail(hub.db);
    const inferenceRuntime = new InferenceRuntime(config.inference ?? NO_INFERENCE);
    const objectStore = await openBlobStore(config);
    if (objectStore) logger.info({ blobStore: objectStore.location }, "LFS objects in object storage");
    let datasetViewer: DatasetViewer | undefined;
    // the quotas guard the content routes, and measure repos through the content service they guard
    const measuring: { repo?: StorageQuotasDeps["measure"] } = {};
    const quotas = new StorageQuotas({
      db: hub.db,
      accounts: services.accounts,
      settings: config.quotas,
      measure: (repo) => {
        if (!measuring.repo) throw new Error("the content half is not loaded yet");
        return measuring.repo(repo);
      },
    });
    registerQuotaMetrics(metrics.registry, quotas);
    const loaded = await loadContent({
      blobs: objectStore,
      access: services.access,
      events: watchDatasetCommits(
        inferenceRuntime.watchCommits(services.events, services.repos, logger),
        () => datasetViewer,
      ),
      dataDir: config.dataDir,
      // Without MODELHUB_PUBLIC_URL, LFS and commit links follow the address each request came in on,
      // so a LAN name (http://hub.lan:8080) gets links on that name, not on the listening address.
      publicUrl: config.publicUrlExplicit ? config.publicUrl : "",
      logger,
      lfsPartBytes: config.lfsPartBytes,
      locks: metrics.countLock(coordination.repoLocks),
      signals: coordination.signals,
      tmpDir: config.replicas.tmpDir,
      // on PostgreSQL the git and LFS folders may be shared with other replicas
      sharedFolders: coordination.mode === "postgres",
      audit: auditTrail,
      quotas,
    });
    measuring.repo = (repo) => loaded.service.storageBytes(repo);
    countBlobStoreErrors(loaded.service.blobs, metrics);
    const scanning = new ScanService({
      db: hub.db,
      content: loaded.service,
      settings: config.scanning,
      logger,
      registry: metrics.registry,
      localObject: loaded.localObject,
      sharedDatabase: coordination.mode === "postgres",
    });
    loaded.service.scanning = scanning;
    await scanning.start();
    const mirror = config.mirror
      ? new MirrorService(config.mirror, {
          db: hub.db,
          repos: services.repos,
          content: loaded.service,
          logger,
          refusals: {
            record: (repo, refusal) => scanning.refused({ kind: "mirror", repo, ...refusal }),
            list: () => scanning.refusals("mirror"),
          },
        })
      : undefined;
    if (mirror)
      scanning.setMirrorFetcher((repo, file) =>
        mirror.files.fetch(repo, { ...file.lfs, path: file.path, commit: file.commit }, false),
      );
    if (mirror) {
      await mirror.install();
      logger.info(
        { upstream: config.mirror?.upstreamUrl, offline: config.mirror?.offline },
        "mirroring an upstream hub",
      );
    }
    const viewerSettings = datasetViewerSettings(process.env);
    if (viewerSettings.enabled)
      datasetViewer = await DatasetViewer.start({
        db: hub.db,
        content: loaded.service,
        dataDir: config.dataDir,
        logger,
        settings: viewerSettings,
      });
    const inferenceHealth = new HealthChecker(
      inferenceRuntime,
      services.repos,
      logger,
      config.inference?.health,
    );
    const leads = (job: string) => coordination.leadership.isLeader(job);
    const gc = new GcScheduler(config.dataDir, config.gc, logger, objectStore, () => leads("gc"), auditTrail);
    const audit = new AuditService(hub.db, config.audit, logger, leads);
    // Model files reach the ONNX workers through this hub's own resolve route, on the listening address.
    const onnxBackend = createOnnxBackend(config.onnx, { repos: services.repos, hubUrl: () => listenUrl });
    if (config.onnx.enabled)
      inferenceRuntime.addMappingSource(onnxBackend.mappingSource(hub.db), {
        name: ONNX_BACKEND_NAME,
        kind: "onnx",
        status: "live",
      });
    const webhooks = new WebhookService({
      db: hub.db,
      repos: services.repos,
      accounts: services.accounts,
      listRefs: async (repo) => {
        const git = loaded.service.git(repo);
        return (
          (await readRefSnapshot(git.dir)) ??
          new Map((await git.refs()).map((r) => [r.ref, r.target] as const))
        );
      },
      settings: config.webhooks,
      publicUrl,
      logger,
    });
    const sso = new CompanySignIn(hub.db, services.accounts, config.sso, { logger });
    const app = createApp({
      sso,
      onnxBackend,
      maintenanceRoutes: adminGcRoutes(gc),
      db: hub.db,
      accounts: services.accounts,
      repos: services.repos,
      content: loaded.content,
      contentRoutes: loaded.routes,
      configuredPublicUrl: config.publicUrlExplicit ? config.publicUrl : undefined,
      publicUrl,
      webDir: config.webDir,
      listingCacheMs: config.listingCacheMs,
      inference: config.inference,
      inferenceRuntime,
      inferenceHealth,
      logger,
      mirror,
      signals: coordination.signals,
      operations: {
        metrics,
        metricsPublic: config.replicas.metricsPublic,
        probes: [
          databaseProbe(hub.db),
          blobStoreProbe(loaded.service.blobs),
          writableFolderProbe("git-folder", loaded.service.reposRoot),
          ...(coordination.mode === "postgres"
            ? [replicaNoticesProbe(() => coordination.hearsNotices())]
            : []),
        ],
        probeTimeoutMs: config.replicas.readyProbeTimeoutMs,
      },
      scanning,
      datasetViewerRoutes: datasetViewer
        ? datasetViewerRoutes({
            viewer: datasetViewer,
            repos: services.repos,
            access: services.access,
            configuredPublicUrl: config.publicUrlExplicit ? config.publicUrl : undefined,
          })
        : undefined,
      webhooks,
      audit,
      quotas,
    });
    // Before the first request: a crash between a ref move and its database update is repaired here
    // (one replica at a time: the others wait, then find nothing left to repair).
    await coordination.exclusive("startup", () =>
      reconcileAll({ db: hub.db, content: loaded.content, logger }),
    );
    handler = (request, env) => app.fetch(request, env);
    logger.info({ url: publicUrl, listen: listenUrl, web: config.webDir ?? null }, "modelhub is listening");

    // seeding an empty hub, or repairing a seeded one: one replica at a time
    await coordination.exclusive("startup", async () => {
      if (config.seed && (await needsSeeding(services))) {
        const { catalogue, source } = await loadCatalogue();
        logger.info({ source, repos: catalogue.repos.length }, "importing the demo catalogue (first start)");
        const result = await importCatalogue({ services, content: loaded.content, logger }, catalogue);
        logger.info({ source, ...result }, "demo catalogue imported");
      } else {
        const repaired = await repairSeededLfsRouting({ services, content: loaded.content, logger });
        if (repaired > 0) logger.info({ repos: repaired }, "demo repos now store LFS-tracked files in LFS");
        const added = config.seed
          ? await addRunnableModelsToSeededHub({ services, content: loaded.content, logger })
          : [];
        if (added.length > 0) logger.info({ models: added }, "demo catalogue: runnable tiny models added");
        const onnxAdded = config.seed
          ? await addOnnxDemoModelsToSeededHub({ services, content: loaded.content, logger })
          : 0;
        if (onnxAdded > 0)
          logger.info({ models: onnxAdded }, "demo catalogue: the runnable ONNX task models added");
        await services.repos.refreshRollingCounts();
      }
    });
    const published = await inferenceRuntime.publishMappings(services.repos);
    if (published > 0)
      logger.info({ mappings: published }, "inference backends published as provider mappings");
    inferenceHealth.start();
    gc.start();
    await webhooks.start();
    await audit.start();
    const backfill = leads("parameter-backfill")
      ? backfillParameterCounts(services.repos, loaded.content, logger)
      : { done: Promise.resolve(0), stop: () => undefined };
    void backfill.done.then((counted) => {
      if (counted > 0) logger.info({ repos: counted }, "parameter counts read from safetensors headers");
    });
    const timer = setInterval(() => {
      if (!leads("rolling-counts")) return;
      services.repos
        .refreshRollingCounts()
        .catch((err: unknown) => logger.error({ err }, "refreshing download counts failed"));
    }, ROLLING_REFRESH_MS);
    timer.unref();
    logger.debug({}, "start-up work done");

    return {
      url: publicUrl,
      port,
      app,
      services,
      content: loaded.content,
      logger,
      inference: inferenceRuntime,
      mirror,
      coordination,
      datasetViewer,
      webhooks,
      sso,
      audit,
      scanning,
      async close(drainMs = config.net.shutdownDrainMs) {
        clearInterval(timer);
        const drained = graceful.drain(drainMs);
        gc.stop();
        await inferenceHealth.stop();
        backfill.stop();
        await backfill.done;
        const report = await drained;
        await webhooks.stop();
        await audit.stop();
        await scanning.close();
        if (report.inFlight > 0 || report.cut > 0) logger.info({ ...report }, "connections drained");
        await services.repos.flushDownloads();
        await usageWritesSettled(hub.db);
        await mirror?.close();
        objectStore?.client.destroy();
        await coordination.close();
        onnxBackend.stop();
        await datasetViewer?.close();
        metrics.stop();
        await hub.close();
      },
    };
  } catch (err) {
    server.close();
    metrics.stop();
    await coordination.close();
    await hub.close();
    throw err;
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (err.code === "EADDRINUSE")
        reject(
          new PortInUseError(
            `port ${port} on ${host} is already in use; pick another with --port or MODELHUB_PORT`,
          ),
        );
      else if (err.code === "EACCES")
        reject(new PortInUseError(`not allowed to listen on ${host}:${port}: ${err.message}`));
      else reject(err);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}
