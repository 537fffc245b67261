import type { AuditEvent } from "@modelhub/api-types";
import { writeSync } from "node:fs";
import { sendPayload } from "../../outbound/send.js";
import { DEFAULT_WEBHOOK_SETTINGS } from "../../outbound/settings.js";
import type { AuditStreamSettings } from "../settings.js";

/** Where streamed events go. `name` keys its cursor: a renamed sink starts again at the log's end. */
export interface AuditSink {
  name: string;
  deliver(event: AuditEvent): Promise<{ ok: true } | { ok: false; error: string }>;
}

export const STREAMING_TOKEN_HEADER = "X-Modelhub-Event-Streaming-Token";

/**
 * GitLab's streaming shape: one JSON POST per event (the export's shape), the verification token in a
 * header, the event type and id in two more (receivers deduplicate on the id: delivery is at least
 * once). The webhooks' outbound rules apply: no private address unless allowed (checked on every
 * connection, against what the name resolves to), no redirect followed, a bounded time per attempt.
 */
export function httpSink(url: string, settings: AuditStreamSettings): AuditSink {
  const sendSettings = {
    ...DEFAULT_WEBHOOK_SETTINGS,
    allowHosts: settings.allowHosts,
    timeoutMs: settings.timeoutMs,
  };
  return {
    name: `http:${url}`,
    async deliver(event) {
      const headers: Record<string, string> = {
        "Content-Type": "application/json",
        "User-Agent": "ModelHub-Audit-Stream/1",
        "X-Modelhub-Audit-Event-Type": event.type,
        "X-Modelhub-Audit-Event-Id": event._id,
      };
      if (settings.token) headers[STREAMING_TOKEN_HEADER] = settings.token;
      const result = await sendPayload(url, JSON.stringify(event), headers, sendSettings);
      return result.ok ? { ok: true } : { ok: false, error: result.error ?? "failed" };
    },
  };
}

/** One JSON line per event on stdout (`{"audit_event": …}`), written whole, for a log shipper. */
export function stdoutSink(write: (line: string) => void = (line) => writeSync(1, line)): AuditSink {
  return {
    name: "stdout",
    deliver(event) {
      try {
        write(`${JSON.stringify({ audit_event: event })}\n`);
        return Promise.resolve({ ok: true });
      } catch (err) {
        return Promise.resolve({ ok: false, error: (err as Error).message });
      }
    },
  };
}

export function configuredSinks(settings: AuditStreamSettings): AuditSink[] {
  return [...settings.urls.map((url) => httpSink(url, settings)), ...(settings.stdout ? [stdoutSink()] : [])];
}
