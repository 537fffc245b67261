/**
 * A content-only hub in its own process, for tests that SIGKILL the server.
 * Usage: tsx standalone-server.ts <dataDir>. Every repo id exists (public, owned by its namespace).
 * Prints `listening <url>` once ready.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import type { AppEnv } from "../../src/http-kit/contracts.js";
import { withNodeStreamBodies } from "../../src/content/http/node-stream-body.js";
import { createContentRoutes } from "../../src/content/http/content-routes.js";
import { createRepoContent } from "../../src/content/index.js";
import { FakePlatform, viewerFromAuthorization } from "./fixtures.js";
import type { RepoType } from "../../src/domain/repo.js";

class OpenPlatform extends FakePlatform {
  override async findRepo(type: RepoType, id: string) {
    return this.repos.get(`${type}:${id}`) ?? this.add(type, id);
  }
}

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: standalone-server.ts <dataDir>");
const platform = new OpenPlatform();
const logger = {
  info: () => undefined,
  warn: () => undefined,
  error: (obj: object, msg?: string) => console.error(msg, obj),
};
const content = createRepoContent({ dataDir, events: platform, logger });
await content.start();
const app = new Hono<AppEnv>();
app.use("*", async (c, next) => {
  c.set("viewer", viewerFromAuthorization(c.req.header("Authorization")));
  await next();
});
app.route(
  "/",
  createContentRoutes({ access: platform, events: platform, dataDir, publicUrl: "", logger, content }),
);
serve({ fetch: withNodeStreamBodies(app.fetch), port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
  process.stdout.write(`listening http://127.0.0.1:${info.port}\n`);
});
