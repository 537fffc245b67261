import type { Context } from "hono";
import type { RepoAccess } from "../../domain/ports.js";
import type { RepoRecord } from "../../domain/repo.js";
import { HttpError } from "../../domain/errors.js";
import { readableRepo } from "../../platform/http/repo-lookup.js";
import type { AppEnv } from "../../http-kit/contracts.js";
import { toRepoRecord, type Repos } from "../../platform/repos.js";
import type { ConversionRecord } from "../conversion-store.js";
import type { DatasetViewer } from "../service.js";

export interface ViewerRouteDeps {
  viewer: DatasetViewer;
  repos: Repos;
  access: RepoAccess;
  /** Set when MODELHUB_PUBLIC_URL was given; otherwise links follow the request's origin. */
  configuredPublicUrl?: string;
}

/** The Hub's answer to a missing or invalid query parameter. */
export function invalidParameter(message: string): HttpError {
  return new HttpError(422, message);
}

export function requiredParameter(c: Context<AppEnv>, name: string): string {
  const value = c.req.query(name);
  if (value === undefined || value === "") throw invalidParameter(`Parameter '${name}' is required`);
  return value;
}

export function integerParameter(c: Context<AppEnv>, name: string, fallback: number, max?: number): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,15}$/.test(raw)) throw invalidParameter(`Parameter '${name}' must be a non-negative integer`);
  const value = Number(raw);
  if (max !== undefined && value > max)
    throw invalidParameter(`Parameter '${name}' must not be greater than ${max}`);
  return value;
}

/**
 * The dataset of `?dataset=` if the caller may read its data: 404 when it does not exist or is
 * private to others, 401/403 when it is gated and the caller has no granted access.
 */
export async function readableDataset(
  c: Context<AppEnv>,
  deps: ViewerRouteDeps,
  id: string,
): Promise<RepoRecord> {
  if (!/^[^/]+\/[^/]+$/.test(id))
    throw invalidParameter("Parameter 'dataset' must be an id like 'owner/name'");
  const repo = toRepoRecord(await readableRepo(c, deps.repos, "dataset", id));
  const denial = await deps.access.downloadDenial?.(c.var.viewer, repo);
  if (denial) throw new HttpError(denial.status, denial.message, "GatedRepo");
  return repo;
}

/** The dataset's conversion; 503 with `Retry-After` while its first conversion runs. */
export async function convertedRecord(deps: ViewerRouteDeps, repo: RepoRecord): Promise<ConversionRecord> {
  const record = await deps.viewer.record(repo);
  if (record?.report) return record;
  if (record?.state === "failed")
    throw new HttpError(
      422,
      `The dataset could not be converted to Parquet: ${record.error ?? "unknown error"}`,
    );
  if (!record) throw new HttpError(404, `${repo.id} has no data files the viewer can read`);
  throw new HttpError(
    503,
    "The dataset is being converted to Parquet; retry in a few seconds",
    "ResponseNotReady",
    { "Retry-After": "2" },
  );
}

/** The config of `?config=`, or the first one. */
export function configName(c: Context<AppEnv>, record: ConversionRecord): string {
  return c.req.query("config") || record.report?.configs[0]?.name || "default";
}
