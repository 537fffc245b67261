import http, { type IncomingMessage } from "node:http";
import https from "node:https";

/** Redirects followed for one file (the upstream's resolve answer, a CDN or object store hop). */
const MAX_REDIRECTS = 5;

export interface DownloadOptions {
  headers: Record<string, string>;
  /** Headers sent only to this origin (the upstream's token never goes to a CDN link). */
  privateHeaders: Record<string, string>;
  privateOrigin: string;
  /** No answer (headers) within this long: the download fails as unreachable. */
  answerMs: number;
  /** A body that sends nothing for this long is destroyed with "upstream stalled". */
  idleMs: number;
}

/** The upstream did not answer (connection refused, reset, timed out before headers). */
export class UnreachableError extends Error {}

/**
 * GETs a file through Node's own HTTP client, following redirects. A fetch body goes through a web
 * stream (a promise and a copy per chunk), which costs about twice the CPU per byte of this path; the
 * body here is the socket's own chunks. Resolves with the final response (any status).
 */
export async function downloadBody(url: string, options: DownloadOptions): Promise<IncomingMessage> {
  let target = new URL(url);
  let headers = options.headers;
  for (let hop = 0; ; hop++) {
    const response = await get(target, headers, options);
    const location = response.headers.location;
    const status = response.statusCode ?? 0;
    if (status < 300 || status >= 400 || !location || hop === MAX_REDIRECTS) return response;
    response.resume();
    const next = new URL(location, target);
    // credentials meant for one origin do not follow a redirect to another (as fetch does)
    if (next.origin !== target.origin) headers = withoutCredentials(headers);
    target = next;
  }
}

const CREDENTIAL_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())),
  );
}

function get(target: URL, sent: Record<string, string>, options: DownloadOptions): Promise<IncomingMessage> {
  const client = target.protocol === "https:" ? https : http;
  const headers = {
    ...sent,
    ...(target.origin === options.privateOrigin ? options.privateHeaders : {}),
  };
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = client.get(target, { headers });
    const timer = setTimeout(
      () => request.destroy(new UnreachableError(`no answer within ${options.answerMs / 1000} s`)),
      options.answerMs,
    );
    request.setTimeout(options.idleMs, () => request.destroy(new Error("upstream stalled")));
    request.once("response", (response) => {
      answered = true;
      clearTimeout(timer);
      resolve(response);
    });
    // `on`, not `once`: the socket's errors after the answer reach the request too (the body sees them)
    request.on("error", (error: Error & { code?: string }) => {
      clearTimeout(timer);
      if (answered) return;
      reject(error instanceof UnreachableError ? error : new UnreachableError(error.code ?? error.message));
    });
  });
}
