import type { Hono } from "hono";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { HealthChecker } from "../inference/health/checker.js";
import type { InferenceRuntime } from "../inference/runtime.js";
import type { LlamaBindingLoader } from "../inference/embedded/llama-binding.js";
import type { EmbeddingBackend } from "../inference/embeddings/embedding-backend.js";
import type { InferenceSettings } from "../inference/settings.js";
import type { OnnxBackend } from "../inference/onnx/onnx-backend.js";
import type { Accounts } from "../platform/accounts.js";
import type { Logger } from "../platform/logger.js";
import type { Repos } from "../platform/repos.js";
import type { AppEnv } from "../http-kit/contracts.js";
import type { RepoContent } from "../domain/ports.js";
import type { MirrorService } from "../mirror/service.js";
import type { CacheSignals } from "../domain/ports.js";
import type { HubMetrics } from "../operations/metrics.js";
import type { ReadinessProbe } from "../operations/readiness.js";

/** Health and metrics endpoints (`/healthz`, `/readyz`, `/metrics`). */
export interface OperationsDeps {
  metrics: HubMetrics;
  /** `/metrics` without a site admin's token. */
  metricsPublic: boolean;
  /** What `/readyz` checks; a new dependency (an S3 bucket) is one more entry. */
  probes: ReadinessProbe[];
  probeTimeoutMs: number;
}
import type { WebhookService } from "../webhooks/service.js";
import type { CompanySignIn } from "../sso/company-sign-in.js";
import type { AuditService } from "../audit/service.js";
import type { ScanService } from "../scanning/service.js";
import type { StorageQuotas } from "../quotas/service.js";

/** Everything the HTTP layer needs; built once at start (no globals). */
export interface AppDeps {
  db: Kysely<Database>;
  accounts: Accounts;
  repos: Repos;
  content: RepoContent;
  /** Site-admin maintenance routes (garbage collection), mounted before the content routes. */
  maintenanceRoutes?: Hono<AppEnv>;
  /** Routes of the content half (files, commits, LFS), mounted before the web fallback. */
  contentRoutes?: Hono<AppEnv>;
  /** Set when MODELHUB_PUBLIC_URL was given; otherwise links use the request's origin. */
  configuredPublicUrl?: string;
  /** Effective public URL (configured, or the listening address). */
  publicUrl: string;
  /** Built web app folder (index.html + assets/), when present. */
  webDir?: string;
  logger: Logger;
  /** How long a listing page may be served again (0 or absent: never); see ListingPageCache. */
  listingCacheMs?: number;
  /** Largest accepted JSON body for platform routes, in bytes. */
  maxJsonBytes?: number;
  /** Inference backends and limits (MODELHUB_INFERENCE_CONFIG); none when absent. */
  inference?: InferenceSettings;
  /** The backends' registry and status, shared by the gateway and the model pages; built from `inference` when absent. */
  inferenceRuntime?: InferenceRuntime;
  /** The backends' periodic checks (started by the server); the admin API reads and triggers them. */
  inferenceHealth?: HealthChecker;
  /** How the embedded inference backend loads llama.cpp (node-llama-cpp when absent; tests inject failures). */
  embeddedLlamaLoader?: LlamaBindingLoader;
  /** The embedded ONNX task backend (built by the server); without it no task route runs ONNX models. */
  onnxBackend?: OnnxBackend;
  /** More backends for POST /v1/embeddings, asked after the embedded (llama.cpp) ones. */
  embeddingBackends?: readonly EmbeddingBackend[];
  /** The pull-through mirror of an upstream hub, when MODELHUB_UPSTREAM_URL is set. */
  mirror?: MirrorService;
  /** Health, readiness and metrics endpoints; absent in tests that build a bare app. */
  operations?: OperationsDeps;
  /** A write's response waits until the other replicas were told what it made stale. */
  signals?: CacheSignals;
  /** The dataset viewer's routes (`/datasets-server/*`, Parquet listings), when it runs. */
  datasetViewerRoutes?: Hono<AppEnv>[];
  /** Webhooks: their routes, and the observer that turns repo writes into deliveries. */
  webhooks?: WebhookService;
  /** Company sign-in (OIDC, SAML, LDAP, SCIM, 2FA); local passwords only when absent. */
  sso?: CompanySignIn;
  /** The audit log's reads (org export, the admin log, verification); absent in bare test apps. */
  audit?: AuditService;
  /** Security scans: the Hub's security fields, the scan routes and the admin page's API. */
  scanning?: ScanService;
  /** Storage quotas and repository limits: the admin and owner routes, the repo-count check. */
  quotas?: StorageQuotas;
}
