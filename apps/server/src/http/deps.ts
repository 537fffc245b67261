import type { Hono } from "hono";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { HealthChecker } from "../inference/health/checker.js";
import type { InferenceRuntime } from "../inference/runtime.js";
import type { LlamaBindingLoader } from "../inference/embedded/llama-binding.js";
import type { InferenceSettings } from "../inference/settings.js";
import type { Accounts } from "../platform/accounts.js";
import type { Logger } from "../platform/logger.js";
import type { Repos } from "../platform/repos.js";
import type { AppEnv } from "./contracts.js";
import type { RepoContent } from "../domain/ports.js";
import type { MirrorService } from "../mirror/service.js";
import type { WebhookService } from "../webhooks/service.js";

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
  /** The pull-through mirror of an upstream hub, when MODELHUB_UPSTREAM_URL is set. */
  mirror?: MirrorService;
  /** Webhooks: their routes, and the observer that turns repo writes into deliveries. */
  webhooks?: WebhookService;
}
