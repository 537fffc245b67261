/** The hub's own inference backends: the public list, the site admins' view, and usage reports. */

export type BackendStatus = "live" | "staging";

/** One item of `GET /api/inference/backends` (never the backend's address). */
export interface PublicBackend {
  name: string;
  kind: string;
  status: BackendStatus;
}

export interface BackendCheck {
  checkedAt: string;
  ok: boolean;
  latencyMs: number;
  error?: string;
  /** `gateway` when a real call found the backend unreachable. */
  source: "check" | "gateway";
}

export interface BackendUsage {
  requests: number;
  /** Calls whose outcome was not 200. */
  failed: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** One backend as site admins see it (`POST /api/admin/inference/backends/{name}/check` answers one). */
export interface AdminBackend {
  name: string;
  kind: string;
  status: BackendStatus;
  lastCheck: BackendCheck | null;
  models: string[];
  usage24h: BackendUsage;
}

export interface HealthSettings {
  intervalMs: number;
  timeoutMs: number;
  /** Consecutive failed checks that make a backend `staging`. */
  failuresBeforeStaging: number;
}

/** `GET /api/admin/inference` (site admins only). */
export interface AdminInference {
  health: HealthSettings;
  backends: AdminBackend[];
}

export interface UsageTotals {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  durationMs: number;
}

export interface UsageReport extends UsageTotals {
  since: string;
  until: string;
  models: (UsageTotals & { model: string })[];
}

/** `GET /api/inference/usage`: the caller's own calls. */
export interface UserUsage extends UsageReport {
  user: string;
}

/** `GET /api/organizations/{org}/inference/usage`: calls billed to the org. */
export interface OrgUsage extends UsageReport {
  org: string;
  /** Only for the org's admins (and site admins). */
  users?: (UsageTotals & { user: string })[];
}
