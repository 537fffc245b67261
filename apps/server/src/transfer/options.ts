import { repoTypeNamed, type RepoType } from "../domain/repo.js";
import { usageError } from "./exit-codes.js";

export type RepoKind = RepoType;

const PREFIXED: Record<string, RepoKind> = { datasets: "dataset", spaces: "space", kernels: "kernel" };

export const DEFAULT_ENDPOINT = "http://127.0.0.1:8080";

/** Settings shared by upload and download. */
export interface HubTarget {
  endpoint: string;
  token?: string;
  repoType: RepoKind;
  repoId: string;
  revision: string;
}

export interface ParsedCommandLine {
  positionals: string[];
  values: Map<string, string>;
  switches: Set<string>;
}

/**
 * Parses `--name value`, `--name=value` and bare switches. Only the names listed are accepted, so a
 * typo is a usage error instead of a silently ignored flag.
 */
export function parseCommandLine(
  argv: string[],
  valued: readonly string[],
  switches: readonly string[],
): ParsedCommandLine {
  const result: ParsedCommandLine = { positionals: [], values: new Map(), switches: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === "--") {
      result.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!word.startsWith("-") || word === "-") {
      result.positionals.push(word);
      continue;
    }
    if (word === "-h") {
      result.switches.add("help");
      continue;
    }
    if (!word.startsWith("--")) throw usageError(`unknown option ${word}`);
    const eq = word.indexOf("=");
    const name = word.slice(2, eq >= 0 ? eq : undefined);
    if (switches.includes(name)) {
      if (eq >= 0) throw usageError(`--${name} takes no value`);
      result.switches.add(name);
    } else if (valued.includes(name)) {
      const value = eq >= 0 ? word.slice(eq + 1) : argv[++i];
      if (value === undefined || value === "") throw usageError(`--${name} needs a value`);
      result.values.set(name, value);
    } else {
      throw usageError(`unknown option --${name}`);
    }
  }
  return result;
}

export const TARGET_OPTIONS = ["endpoint", "token", "repo-type", "revision"] as const;

const ID_PART = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/** Reads endpoint/token/type/revision from flags, then HF_ENDPOINT / HF_TOKEN, then defaults. */
export function resolveTarget(
  parsed: ParsedCommandLine,
  rawRepo: string,
  env: Record<string, string | undefined>,
): HubTarget {
  const endpoint = (parsed.values.get("endpoint") ?? nonEmpty(env.HF_ENDPOINT) ?? DEFAULT_ENDPOINT).replace(
    /\/+$/,
    "",
  );
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw usageError(`--endpoint "${endpoint}" is not an absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw usageError(`--endpoint must be an http(s) URL, got ${url.protocol}`);
  const token = parsed.values.get("token") ?? nonEmpty(env.HF_TOKEN) ?? nonEmpty(env.HUGGING_FACE_HUB_TOKEN);
  const typeFlag = parsed.values.get("repo-type") ?? "model";
  const kind = repoTypeNamed(typeFlag);
  if (!kind) throw usageError(`--repo-type must be model, dataset, space or kernel, got "${typeFlag}"`);
  const { repoType, repoId } = splitRepo(rawRepo, kind);
  const revision = parsed.values.get("revision") ?? "main";
  return { endpoint, token, repoType, repoId, revision };
}

/** Accepts `owner/name`, and the `datasets/…`, `spaces/…` and `kernels/owner/name` designations. */
function splitRepo(raw: string, typeFlag: RepoKind): { repoType: RepoKind; repoId: string } {
  let repoType = typeFlag;
  let rest = raw.replace(/^\/+|\/+$/g, "");
  const match = /^(datasets|spaces|kernels)\/(.+)$/.exec(rest);
  if (match && rest.split("/").length === 3) {
    repoType = PREFIXED[match[1]];
    rest = match[2];
  }
  const parts = rest.split("/");
  if (parts.length !== 2 || !parts.every((p) => ID_PART.test(p))) {
    throw usageError(`invalid repo id "${raw}": expected owner/name (letters, digits, '-', '_', '.')`);
  }
  return { repoType, repoId: rest };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}
