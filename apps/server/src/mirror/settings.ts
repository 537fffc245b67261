import { type RepoType, repoTypeNamed } from "../domain/repo.js";

/** One allow or deny rule: a glob (`meta-llama/*`, `*\/*-GGUF`) or a `/regular expression/`, per type. */
export interface MirrorRule {
  /** The rule as written (shown by the admin API). */
  source: string;
  /** Types the rule applies to; every type when absent. */
  type?: RepoType;
  pattern: RegExp;
}

/** How this hub mirrors an upstream hub (off when `MODELHUB_UPSTREAM_URL` is unset). */
export interface MirrorSettings {
  /** Base URL of the upstream hub, without trailing slash. */
  upstreamUrl: string;
  /** The admin's token for the upstream (never a local user's). */
  upstreamToken?: string;
  /** Branches and tags are compared with the upstream's at most this often. */
  refreshSeconds: number;
  /** Serve only what is cached; never contact the upstream. */
  offline: boolean;
  /** Bytes of mirrored LFS files kept at most (least recently used go first); undefined = no cap. */
  cacheBytes?: number;
  allow: MirrorRule[];
  deny: MirrorRule[];
  /** Time allowed for the upstream to answer (headers) before it counts as unreachable. */
  timeoutMs: number;
  /** How long an id the upstream does not show is answered 404 without asking it again (0: always ask). */
  missCacheMs: number;
}

export class MirrorSettingsError extends Error {}

type Env = Record<string, string | undefined>;

/** Reads the MODELHUB_UPSTREAM_* and MODELHUB_MIRROR_* settings; undefined when no upstream is set. */
export function mirrorSettingsFrom(env: Env): MirrorSettings | undefined {
  const raw = env.MODELHUB_UPSTREAM_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new MirrorSettingsError(
      `MODELHUB_UPSTREAM_URL "${raw}" is not a URL (e.g. https://huggingface.co)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new MirrorSettingsError(`MODELHUB_UPSTREAM_URL must be an http(s) URL, got "${raw}"`);
  const token = env.MODELHUB_UPSTREAM_TOKEN?.trim() || undefined;
  return {
    upstreamUrl: url.toString().replace(/\/+$/, ""),
    upstreamToken: token,
    refreshSeconds: number("MODELHUB_UPSTREAM_REFRESH_S", env.MODELHUB_UPSTREAM_REFRESH_S, 600),
    offline: ["1", "true", "yes"].includes((env.MODELHUB_UPSTREAM_OFFLINE ?? "").trim().toLowerCase()),
    cacheBytes: cacheBytes(env.MODELHUB_MIRROR_CACHE_GB),
    allow: parseRules("MODELHUB_MIRROR_ALLOW", env.MODELHUB_MIRROR_ALLOW),
    deny: parseRules("MODELHUB_MIRROR_DENY", env.MODELHUB_MIRROR_DENY),
    timeoutMs: number("MODELHUB_UPSTREAM_TIMEOUT_S", env.MODELHUB_UPSTREAM_TIMEOUT_S, 15) * 1000,
    missCacheMs: number("MODELHUB_MIRROR_MISS_CACHE_S", env.MODELHUB_MIRROR_MISS_CACHE_S, 30) * 1000,
  };
}

function number(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new MirrorSettingsError(`${name} must be a number of seconds ≥ 0, got "${raw}"`);
  return value;
}

function cacheBytes(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const gb = Number(raw);
  if (!Number.isFinite(gb) || gb <= 0)
    throw new MirrorSettingsError(
      `MODELHUB_MIRROR_CACHE_GB must be a positive decimal (e.g. 0.5 or 200), got "${raw}"`,
    );
  return Math.floor(gb * 1e9);
}

/**
 * Comma-separated rules; each may start with `model:`, `dataset:` or `space:`. `*` matches within one
 * part of an id (`meta-llama/*`, `*\/*-GGUF`); a rule in slashes (`/^google\/gemma-.*$/`) is a
 * regular expression matched against the whole id.
 */
export function parseRules(name: string, raw: string | undefined): MirrorRule[] {
  if (!raw) return [];
  return splitRules(raw).map((source) => parseRule(name, source));
}

function splitRules(raw: string): string[] {
  // a comma inside a /regular expression/ belongs to it: glue pieces until the closing slash
  const rules: string[] = [];
  for (const piece of raw.split(",")) {
    const open = rules.length > 0 ? rules[rules.length - 1] : undefined;
    if (open !== undefined && isOpenRegex(open)) rules[rules.length - 1] = `${open},${piece}`;
    else rules.push(piece.trim());
  }
  return rules.map((rule) => rule.trim()).filter((rule) => rule !== "");
}

function isOpenRegex(rule: string): boolean {
  const body = rule.trim().replace(/^(model|dataset|space|kernel):/, "");
  return body.startsWith("/") && (body.length === 1 || !body.endsWith("/"));
}

export function parseRule(name: string, source: string): MirrorRule {
  const typed = /^(model|dataset|space|kernel):(.+)$/.exec(source);
  const type = typed ? repoTypeNamed(typed[1]) : undefined;
  const body = typed ? typed[2] : source;
  if (body.length > 2 && body.startsWith("/") && body.endsWith("/")) {
    try {
      return { source, type, pattern: new RegExp(body.slice(1, -1)) };
    } catch (error) {
      throw new MirrorSettingsError(`${name}: invalid regular expression ${body}: ${String(error)}`);
    }
  }
  if (!/^[A-Za-z0-9._*-]+\/[A-Za-z0-9._*-]+$/.test(body))
    throw new MirrorSettingsError(
      `${name}: "${source}" is neither an owner/name glob (meta-llama/*, */*-GGUF) nor a /regular expression/`,
    );
  const regex = body
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/]*");
  return { source, type, pattern: new RegExp(`^${regex}$`, "i") };
}
