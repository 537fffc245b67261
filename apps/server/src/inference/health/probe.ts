import type { BackendSettings } from "../settings.js";

/** The outcome of one health check; `error` is short and never holds the backend's URL or key. */
export interface ProbeResult {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** A health check for one kind of backend. */
export type BackendProbe = (
  backend: BackendSettings,
  timeoutMs: number,
  signal?: AbortSignal,
) => Promise<ProbeResult>;

/**
 * `GET <baseUrl>/models` with the backend's key. OpenAI-compatible servers (vLLM, TGI, Ollama,
 * llama.cpp, another hub) answer it without loading anything; one that answers 404 is up but does not
 * list models, so only 5xx and a refused key (401/403) — what would fail real calls — count as down.
 */
export const openAiModelsProbe: BackendProbe = async (backend, timeoutMs, signal) => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (backend.apiKey) headers.Authorization = `Bearer ${backend.apiKey}`;
  try {
    const response = await fetch(`${backend.baseUrl}/models`, {
      headers,
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs),
    });
    // The body is not needed; reading it frees the connection for the next check.
    await response.arrayBuffer().catch(() => undefined);
    const refused = response.status === 401 || response.status === 403;
    if (response.status < 500 && !refused) return { ok: true, latencyMs: elapsed() };
    return { ok: false, latencyMs: elapsed(), error: `HTTP ${response.status} from GET /models` };
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === "TimeoutError";
    return {
      ok: false,
      latencyMs: elapsed(),
      error: timedOut ? `no answer within ${timeoutMs} ms` : "connection failed",
    };
  }
};
