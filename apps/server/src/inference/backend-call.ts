import { BackendTimeoutError, BackendUnreachableError, ClientClosedError } from "./backend-errors.js";
import type { ServingRoute } from "./backend-registry.js";
import { postOverHttp } from "./http-post.js";
import { HttpError } from "../domain/errors.js";
import { encodeJson } from "../offload/codec.js";

/**
 * One request to a backend: cancelled when the caller goes away (`clientSignal`) or when the backend is
 * silent for longer than its timeout (until the headers, then between body chunks: `armTimer`).
 */
export class BackendCall {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private reason: "timeout" | "client" | undefined;
  private readonly onClientAbort = () => this.abort("client");

  constructor(
    readonly route: ServingRoute,
    private readonly clientSignal: AbortSignal | undefined,
  ) {
    if (clientSignal?.aborted) this.reason = "client";
    clientSignal?.addEventListener("abort", this.onClientAbort, { once: true });
  }

  get backendName(): string {
    return this.route.backend.name;
  }

  /**
   * POSTs `body` to `<baseUrl>/<path>` (or hands it to the backend's in-process `transport`); throws
   * Hub-shaped errors for timeouts and connection errors.
   */
  async send(path: string, body: unknown): Promise<Response> {
    const { backend } = this.route;
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    };
    if (backend.apiKey) headers.Authorization = `Bearer ${backend.apiKey}`;
    if (backend.billTo) headers["X-HF-Bill-To"] = backend.billTo;
    this.armTimer();
    try {
      if (this.reason === "client") throw new ClientClosedError();
      const signal = this.controller.signal;
      if (backend.transport)
        return await backend.transport(path, { method: "POST", headers, json: body, signal });
      // A long body is written on the codec thread, not on the event loop.
      const encoded = await encodeJson(body);
      return await postOverHttp(`${backend.baseUrl}/${path}`, { headers, body: encoded, signal });
    } catch (err) {
      throw this.translate(err);
    } finally {
      this.disarmTimer();
    }
  }

  /** Reads the whole (non-streamed) body under the timeout. */
  async readJson(response: Response): Promise<unknown> {
    this.armTimer();
    try {
      return await response.json();
    } catch (err) {
      if (this.reason === undefined && err instanceof SyntaxError)
        throw new BackendUnreachableError(this.backendName);
      throw this.translate(err);
    } finally {
      this.disarmTimer();
    }
  }

  /** What a failure while talking to the backend means for the caller. */
  translate(err: unknown): Error {
    if (this.reason === "client") return new ClientClosedError();
    if (this.reason === "timeout")
      return new BackendTimeoutError(this.backendName, this.route.backend.timeoutMs);
    if (err instanceof ClientClosedError) return err;
    // An in-process backend says itself why it cannot serve (llama.cpp not loadable, queue full, …).
    if (err instanceof HttpError) return err;
    return new BackendUnreachableError(this.backendName);
  }

  armTimer(): void {
    this.disarmTimer();
    this.timer = setTimeout(() => this.abort("timeout"), this.route.backend.timeoutMs);
  }

  disarmTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  abort(reason: "timeout" | "client"): void {
    if (this.controller.signal.aborted) return;
    this.reason = reason;
    this.controller.abort();
  }

  get abortedBy(): "timeout" | "client" | undefined {
    return this.reason;
  }

  /** Stops listening to the caller once the exchange is over. */
  finish(): void {
    this.disarmTimer();
    this.clientSignal?.removeEventListener("abort", this.onClientAbort);
  }
}
