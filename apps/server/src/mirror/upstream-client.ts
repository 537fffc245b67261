import type { IncomingMessage } from "node:http";
import type { RepoType } from "../domain/repo.js";
import { HttpError } from "../domain/errors.js";
import type { MirrorSettings } from "./settings.js";
import { downloadBody, UnreachableError } from "./upstream-download.js";

const URL_PREFIX: Record<RepoType, string> = {
  model: "",
  dataset: "datasets/",
  space: "spaces/",
  kernel: "kernels/",
};
/** After a failed connection, the upstream counts as down this long: requests fail fast meanwhile. */
const DOWN_FOR_MS = 5_000;
const MAX_INFO_BYTES = 64 * 1024 * 1024;

/** The upstream's repo info (the fields the mirror uses). */
export interface UpstreamRepoInfo {
  id: string;
  sha?: string;
  private?: boolean;
  gated?: false | "auto" | "manual" | boolean;
  disabled?: boolean;
  lastModified?: string;
  createdAt?: string;
  cardData?: Record<string, unknown>;
  tags?: string[];
  pipeline_tag?: string;
  library_name?: string;
  config?: Record<string, unknown>;
  transformersInfo?: Record<string, unknown>;
  widgetData?: Record<string, unknown>[];
  gguf?: Record<string, unknown>;
  safetensors?: { parameters: Record<string, number>; total: number };
  sdk?: string;
  usedStorage?: number;
  siblings?: {
    rfilename: string;
    size?: number;
    blobId?: string;
    lfs?: { sha256: string; size: number; pointerSize: number };
  }[];
}

/** The upstream could not be reached (or the hub is set offline): 504 for the client, naming it. */
export function upstreamUnavailable(upstream: string, why: string): HttpError {
  return new HttpError(
    504,
    `The upstream hub ${upstream} is unreachable (${why}) and this is not cached on this hub yet`,
  );
}

/**
 * Talks to the upstream hub with the admin's upstream token (local users' tokens are never
 * forwarded), with a time limit on every answer, and fails fast for a few seconds after the upstream
 * was found unreachable so that no request queues behind a dead link.
 */
export class UpstreamClient {
  private downUntil = 0;
  private lastError: string | undefined;
  constructor(
    private readonly settings: MirrorSettings,
    /** Hears every failed upstream call (network errors, timeouts, 5xx). */
    readonly countError: () => void = () => undefined,
  ) {}

  get url(): string {
    return this.settings.upstreamUrl;
  }

  /** Why the upstream is not used right now, or undefined when it may be tried. */
  unavailableReason(): string | undefined {
    if (this.settings.offline) return "MODELHUB_UPSTREAM_OFFLINE is set";
    if (Date.now() < this.downUntil) return this.lastError ?? "it did not answer";
    return undefined;
  }

  private authHeaders(): Record<string, string> {
    return this.settings.upstreamToken ? { Authorization: `Bearer ${this.settings.upstreamToken}` } : {};
  }

  /** Environment for `git fetch` from the upstream: the token travels in a header, never on disk or argv. */
  gitEnv(): Record<string, string> {
    if (!this.settings.upstreamToken) return {};
    return {
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "http.extraHeader",
      GIT_CONFIG_VALUE_0: `Authorization: Bearer ${this.settings.upstreamToken}`,
    };
  }

  gitUrl(type: RepoType, id: string): string {
    return `${this.url}/${URL_PREFIX[type]}${id}.git`;
  }

  fileUrl(type: RepoType, id: string, commit: string, path: string): string {
    const encoded = path.split("/").map(encodeURIComponent).join("/");
    return `${this.url}/${URL_PREFIX[type]}${id}/resolve/${commit}/${encoded}`;
  }

  /** Records an unreachable upstream (also used by git fetch failures). */
  markDown(why: string): void {
    this.countError();
    this.lastError = why;
    this.downUntil = Date.now() + DOWN_FOR_MS;
  }

  /**
   * One request to the upstream: fails fast when it is marked down, aborts when no answer (headers)
   * comes within the timeout. `idle` keeps the body's signal alive for the caller to reuse.
   */
  async request(
    url: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<{ response: Response; abort: AbortController }> {
    const reason = this.unavailableReason();
    if (reason) throw upstreamUnavailable(this.url, reason);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error("timed out")), this.settings.timeoutMs);
    try {
      const response = await fetch(url, {
        method: init.method ?? "GET",
        body: init.body,
        headers: {
          "User-Agent": "modelhub-mirror",
          ...init.headers,
          // the admin's token goes only to the upstream itself, never to a CDN link it hands out
          ...(new URL(url).origin === new URL(this.url).origin ? this.authHeaders() : {}),
        },
        redirect: "follow",
        signal: abort.signal,
      });
      if (response.status >= 500) this.countError();
      return { response, abort };
    } catch (error) {
      const why = abort.signal.aborted
        ? `no answer within ${this.settings.timeoutMs / 1000} s`
        : describe(error);
      this.markDown(why);
      throw upstreamUnavailable(this.url, why);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * GETs a file's body from the upstream (or a link it handed out), following redirects, as a Node
   * stream of the socket's chunks: the bytes of a mirrored download cross this hub once, with no web
   * stream in between. `idleMs`: a body that sends nothing for this long ends with an error.
   */
  async download(url: string, headers: Record<string, string>, idleMs: number): Promise<IncomingMessage> {
    const reason = this.unavailableReason();
    if (reason) throw upstreamUnavailable(this.url, reason);
    try {
      const response = await downloadBody(url, {
        headers: { "User-Agent": "modelhub-mirror", ...headers },
        privateHeaders: this.authHeaders(),
        privateOrigin: new URL(this.url).origin,
        answerMs: this.settings.timeoutMs,
        idleMs,
      });
      if ((response.statusCode ?? 0) >= 500) this.countError();
      return response;
    } catch (error) {
      // only a link that did not answer marks the upstream down; a bad redirect is this file's problem
      if (!(error instanceof UnreachableError))
        throw new HttpError(502, `The upstream hub ${this.url} could not be read: ${describe(error)}`);
      this.markDown(error.message);
      throw upstreamUnavailable(this.url, error.message);
    }
  }

  /**
   * The upstream's info of a repo (at a revision), or undefined when the upstream does not show it
   * (missing, private to others, no access: 401/403/404).
   */
  async repoInfo(type: RepoType, id: string, revision?: string): Promise<UpstreamRepoInfo | undefined> {
    const base = `${this.url}/api/${type}s/${id}`;
    const url = `${revision ? `${base}/revision/${encodeURIComponent(revision)}` : base}?blobs=true`;
    const { response } = await this.request(url);
    if ([401, 403, 404, 410].includes(response.status)) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new HttpError(502, `The upstream hub ${this.url} answered ${response.status} for ${type} ${id}`);
    }
    const length = Number(response.headers.get("Content-Length") ?? "0");
    if (length > MAX_INFO_BYTES) throw new HttpError(502, `The upstream's info of ${id} is too large`);
    const info = (await response.json()) as UpstreamRepoInfo;
    if (typeof info !== "object" || info === null || typeof info.id !== "string")
      throw new HttpError(502, `The upstream hub ${this.url} sent an unexpected answer for ${type} ${id}`);
    return info;
  }

  /** Where to download an LFS object of a repo, through the upstream's git-lfs batch API. */
  async lfsHref(
    type: RepoType,
    id: string,
    oid: string,
    size: number,
  ): Promise<{ href: string; header: Record<string, string> } | undefined> {
    const { response } = await this.request(`${this.gitUrl(type, id)}/info/lfs/objects/batch`, {
      method: "POST",
      headers: { Accept: "application/vnd.git-lfs+json", "Content-Type": "application/vnd.git-lfs+json" },
      body: JSON.stringify({ operation: "download", transfers: ["basic"], objects: [{ oid, size }] }),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return undefined;
    }
    const body = (await response.json()) as {
      objects?: { oid: string; actions?: { download?: { href: string; header?: Record<string, string> } } }[];
    };
    const download = body.objects?.find((o) => o.oid === oid)?.actions?.download;
    return download ? { href: download.href, header: download.header ?? {} } : undefined;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
