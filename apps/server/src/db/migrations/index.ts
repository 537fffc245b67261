import type { Migration, MigrationProvider } from "kysely";
import { migration0001 } from "./0001-initial.js";
import { migration0002 } from "./0002-filter-indexes.js";
import { migration0003 } from "./0003-scale-indexes.js";
import { migration0004 } from "./0004-access-requests.js";
import { migration0005 } from "./0005-search-name.js";
import { migration0006 } from "./0006-repo-links.js";
import { migration0007 } from "./0007-web-sessions.js";
import { migration0010 } from "./0010-repo-redirects.js";
import { migration0020 } from "./0020-discussions.js";
import { migration0021 } from "./0021-safetensors.js";
import { migration0022 } from "./0022-inference-usage.js";
import { migration0023 } from "./0023-hub-served-mappings.js";
import { migration0024 } from "./0024-upstream-mirror.js";
import { migration0025 } from "./0025-mirror-stats.js";
import { migration0035 } from "./0035-sign-in-failures.js";
import { migration0050 } from "./0050-dataset-viewer.js";
import { migration0060 } from "./0060-webhooks.js";
import { migration0070 } from "./0070-collections.js";
import { migration0071 } from "./0071-org-private-default.js";
import { migration0110 } from "./0110-company-sign-in.js";
import { migration0130 } from "./0130-audit-log.js";
import { migration0140 } from "./0140-security-scans.js";
import { migration0200 } from "./0200-space-settings.js";
import { migration0180 } from "./0180-storage-quotas.js";
import { migration0170 } from "./0170-fine-grained-tokens.js";

/**
 * Every schema step, by the name kysely records once it has run. Steps are immutable: a released step
 * never changes (a schema change is a new step) and imports nothing outside this folder but kysely, so
 * a feature's rewrite cannot change what a database went through. Each is written with the schema
 * builder or SQL both dialects accept, so it runs unchanged on SQLite and PostgreSQL.
 */
const MIGRATIONS: Record<string, Migration> = {
  "0001_initial": migration0001,
  "0002_filter_indexes": migration0002,
  "0003_scale_indexes": migration0003,
  "0004_access_requests": migration0004,
  "0005_search_name": migration0005,
  "0006_repo_links": migration0006,
  "0007_web_sessions": migration0007,
  "0010_repo_redirects": migration0010,
  "0020_discussions": migration0020,
  "0021_safetensors": migration0021,
  "0022_inference_usage": migration0022,
  "0023_hub_served_mappings": migration0023,
  "0024_upstream_mirror": migration0024,
  "0025_mirror_stats": migration0025,
  "0035_sign_in_failures": migration0035,
  "0050_dataset_viewer": migration0050,
  "0060_webhooks": migration0060,
  "0070_collections": migration0070,
  "0071_org_private_default": migration0071,
  "0110_company_sign_in": migration0110,
  "0130_audit_log": migration0130,
  "0140_security_scans": migration0140,
  "0200_space_settings": migration0200,
  "0180_storage_quotas": migration0180,
  "0170_fine_grained_tokens": migration0170,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
