import { EXIT, TransferError } from "./exit-codes.js";
import type { HubTarget, RepoKind } from "./options.js";

const URL_PREFIX: Record<RepoKind, string> = {
  model: "",
  dataset: "datasets/",
  space: "spaces/",
  kernel: "kernels/",
};

/** URLs and authenticated requests for one repository on one hub. */
export class HubHttp {
  constructor(
    readonly target: HubTarget,
    private readonly signal?: AbortSignal,
  ) {}

  get repoLabel(): string {
    return `${URL_PREFIX[this.target.repoType]}${this.target.repoId}`;
  }

  apiUrl(suffix: string): string {
    return `${this.target.endpoint}/api/${this.target.repoType}s/${this.target.repoId}${suffix}`;
  }

  repoUrl(suffix = ""): string {
    return `${this.target.endpoint}/${URL_PREFIX[this.target.repoType]}${this.target.repoId}${suffix}`;
  }

  resolveUrl(revision: string, path: string): string {
    return this.repoUrl(
      `/resolve/${encodeURIComponent(revision)}/${path.split("/").map(encodeURIComponent).join("/")}`,
    );
  }

  /** fetch with the token (when the URL is on the hub) and network failures turned into exit code 3. */
  async request(url: string, init: RequestInit & { duplex?: "half" } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.target.token && url.startsWith(this.target.endpoint) && !headers.has("Authorization")) {
      headers.set("Authorization", `Bearer ${this.target.token}`);
    }
    try {
      return await fetch(url, { ...init, headers, signal: this.signal });
    } catch (error) {
      if (this.signal?.aborted) throw error;
      throw new TransferError(EXIT.network, `cannot reach ${this.target.endpoint}: ${networkReason(error)}`);
    }
  }

  /** Throws a TransferError with the hub's own message unless the response is 2xx. */
  async ensureOk(response: Response, what: string): Promise<Response> {
    if (response.ok) return response;
    throw await this.errorOf(response, what);
  }

  async errorOf(response: Response, what: string): Promise<TransferError> {
    const detail = await errorMessage(response);
    const status = response.status;
    if (status === 401) {
      const hint = this.target.token
        ? "the token was refused or cannot see this repo"
        : "no token given (use --token or HF_TOKEN)";
      return new TransferError(
        EXIT.notFound,
        `${what}: unauthorized (${hint})${detail ? `: ${detail}` : ""}`,
      );
    }
    if (status === 403)
      return new TransferError(EXIT.notFound, `${what}: forbidden${detail ? `: ${detail}` : ""}`);
    if (status === 404)
      return new TransferError(EXIT.notFound, `${what}: not found${detail ? `: ${detail}` : ""}`);
    return new TransferError(
      EXIT.network,
      `${what}: the hub answered ${status}${detail ? `: ${detail}` : ""}`,
    );
  }

  async getJson<T>(url: string, what: string): Promise<{ body: T; response: Response }> {
    const response = await this.ensureOk(
      await this.request(url, { headers: { Accept: "application/json" } }),
      what,
    );
    return { body: (await response.json()) as T, response };
  }

  async postJson<T>(
    url: string,
    payload: unknown,
    what: string,
    contentType = "application/json",
  ): Promise<T> {
    const response = await this.request(url, {
      method: "POST",
      headers: { "Content-Type": contentType, Accept: contentType },
      body: JSON.stringify(payload),
    });
    await this.ensureOk(response, what);
    return (await response.json()) as T;
  }
}

async function errorMessage(response: Response): Promise<string> {
  const header = response.headers.get("X-Error-Message");
  let text = "";
  try {
    text = await response.text();
  } catch {
    return header ?? "";
  }
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof body.error === "string") return body.error;
    if (typeof body.message === "string") return body.message;
  } catch {
    // not JSON: fall back to the header or a short excerpt
  }
  return header ?? text.slice(0, 200).trim();
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ECONNREFUSED")
    return "connection refused (is the hub running? set --endpoint or HF_ENDPOINT)";
  if (code === "ENOTFOUND") return "host not found";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection reset";
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
