import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../src/domain/errors.js";
import { errorHandler } from "../../src/http/errors.js";
import { accessLog } from "../../src/http/middleware/access-log.js";
import type { Logger } from "../../src/platform/logger.js";

function recordingLogger() {
  const lines: { level: string; status: unknown }[] = [];
  const at = (level: string) => (entry: { status?: unknown }) => lines.push({ level, status: entry.status });
  const logger = { error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") };
  return { lines, logger: logger as unknown as Logger };
}

describe("access log: the dataset viewer's 'not ready yet' 503", () => {
  it("is logged at info with its ResponseNotReady code; other 5xx stay errors", async () => {
    const { lines, logger } = recordingLogger();
    const app = new Hono();
    app.use("*", accessLog(logger));
    app.onError(errorHandler(logger));
    app.get("/converting", () => {
      throw new HttpError(503, "The dataset is being converted to Parquet", "ResponseNotReady", {
        "Retry-After": "2",
      });
    });
    app.get("/down", () => {
      throw new HttpError(503, "Query stopped by the time limit");
    });

    const converting = await app.request("/converting");
    expect(converting.status).toBe(503);
    expect(converting.headers.get("X-Error-Code")).toBe("ResponseNotReady");
    expect((await app.request("/down")).status).toBe(503);
    expect(lines).toEqual([
      { level: "info", status: 503 },
      { level: "error", status: 503 },
    ]);
  });
});
