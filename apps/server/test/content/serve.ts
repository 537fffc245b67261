import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Hono } from "hono";
import type { AppEnv } from "../../src/http-kit/contracts.js";
import { withNodeStreamBodies } from "../../src/content/http/node-stream-body.js";

/** Serves a Hono app on 127.0.0.1 with a random port. */
export async function listen(app: Hono<AppEnv>): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve(
      { fetch: withNodeStreamBodies(app.fetch), port: 0, hostname: "127.0.0.1" },
      (info: AddressInfo) => {
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          close: () => new Promise<void>((done) => server.close(() => done())),
        });
      },
    );
  });
}
