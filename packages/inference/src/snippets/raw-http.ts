import type { SnippetContext } from "./context.js";
import type { SnippetKind } from "./task-kinds.js";

/** Raw-HTTP clients cannot ask the router to pick a provider for non-chat tasks. */
export function rawHttpAllowed(ctx: SnippetContext, kinds: ReadonlySet<SnippetKind>): boolean {
  if (!kinds.has(ctx.input.kind)) return false;
  return ctx.provider !== "auto" || ctx.task === "conversational";
}

/** Headers other than Authorization and Content-Type, which each client writes its own way. */
export function extraHeaders(ctx: SnippetContext): [string, string][] {
  const headers = ctx.request.headers;
  const extra: [string, string][] = [];
  for (const name in headers) {
    if (name !== "Authorization" && name !== "Content-Type") extra.push([name, headers[name]]);
  }
  return extra;
}
