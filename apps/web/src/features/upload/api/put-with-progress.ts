import { readCsrfToken } from "../../../lib/credentials.js";

/** What a PUT answered: its status and the headers a multipart upload needs. */
export interface PutAnswer {
  status: number;
  etag: string | null;
  body: string;
}

/**
 * PUT of a Blob (sent from disk, never loaded whole) with upload progress, which fetch() cannot
 * report. The URLs the hub hands out for LFS transfers are signed; a same-origin XHR still carries
 * the session cookie, so it also carries the CSRF token the hub asks of cookie-bearing writes.
 */
export function putWithProgress(
  url: string,
  body: Blob,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<PutAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    const csrf = readCsrfToken();
    if (csrf) request.setRequestHeader("X-CSRF-Token", csrf);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () =>
      resolve({
        status: request.status,
        etag: request.getResponseHeader("ETag"),
        body: request.responseText,
      });
    request.onerror = () => reject(new TransferError("The connection to the hub was lost"));
    request.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}

/** A network failure worth retrying (as opposed to a refusal from the hub). */
export class TransferError extends Error {}

/** Runs `attempt` until it succeeds, waiting longer after each lost connection or 5xx (4 tries). */
export async function withRetries<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof TransferError) || tries >= 4 || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** tries));
    }
  }
}
