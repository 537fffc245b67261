import { spawn } from "node:child_process";
import { PassThrough, type Readable } from "node:stream";
import { gitEnv } from "./run-git.js";

export interface CgiRequest {
  projectRoot: string;
  /** `/<type>s/<owner>/<name>.git/<service path>` relative to the project root. */
  pathInfo: string;
  method: string;
  query: string;
  contentType?: string;
  contentEncoding?: string;
  gitProtocol?: string;
  remoteUser?: string;
  body?: Readable;
  /** Extra environment for git (e.g. the push gate's hook settings). */
  env?: Record<string, string>;
}

export interface CgiResponse {
  status: number;
  headers: Headers;
  body: Readable;
  /** Resolves when git has exited (the push is complete), with its exit code. */
  exited: Promise<number>;
}

/** Runs `git http-backend` as a CGI program, streaming the request in and the response out. */
export function runHttpBackend(request: CgiRequest): Promise<CgiResponse> {
  const env: Record<string, string> = {
    ...request.env,
    GIT_PROJECT_ROOT: request.projectRoot,
    GIT_HTTP_EXPORT_ALL: "1",
    PATH_INFO: request.pathInfo,
    REQUEST_METHOD: request.method,
    QUERY_STRING: request.query,
    REMOTE_ADDR: "127.0.0.1",
    GATEWAY_INTERFACE: "CGI/1.1",
  };
  if (request.contentType) env.CONTENT_TYPE = request.contentType;
  if (request.contentEncoding) env.HTTP_CONTENT_ENCODING = request.contentEncoding;
  if (request.gitProtocol) env.GIT_PROTOCOL = request.gitProtocol;
  if (request.remoteUser) env.REMOTE_USER = request.remoteUser;
  const child = spawn("git", ["http-backend"], { env: gitEnv(env), stdio: ["pipe", "pipe", "pipe"] });
  const exited = new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? -1)));
  child.stdin.on("error", () => undefined);
  if (request.body) request.body.pipe(child.stdin);
  else child.stdin.end();
  child.stderr.resume();

  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      let end = head.indexOf("\r\n\r\n");
      let separator = 4;
      if (end === -1) {
        end = head.indexOf("\n\n");
        separator = 2;
      }
      if (end === -1) {
        if (head.length > 64 * 1024) reject(new Error("git http-backend sent oversized headers"));
        return;
      }
      child.stdout.off("data", onData);
      const headers = new Headers();
      let status = 200;
      for (const line of head.subarray(0, end).toString("latin1").split(/\r?\n/)) {
        const colon = line.indexOf(":");
        if (colon === -1) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === "status") status = Number(value.split(" ")[0]) || 500;
        else headers.append(name, value);
      }
      const body = new PassThrough();
      body.write(head.subarray(end + separator));
      child.stdout.pipe(body);
      resolve({ status, headers, body, exited });
    };
    child.stdout.on("data", onData);
    child.on("error", reject);
    exited.then(() => reject(new Error("git http-backend exited without a response")));
  });
}
