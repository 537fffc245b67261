import type { LikedRepo, LikeState } from "@modelhub/api-types";
import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { KIND_PATTERN, typeOfKind } from "../../http-kit/repo-paths.js";
import { readableRepo } from "../../platform/http/repo-lookup.js";
import { canReadRepo, requireUser, requireWriteUser } from "../../platform/access-rules.js";
import { toRepoRecord } from "../../platform/repos.js";
import { notFound } from "../../domain/errors.js";

/** Like / unlike a repo, list a user's likes and a repo's likers. */
export function likeRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const repoPath = `/api/:kind${KIND_PATTERN}/:owner/:name`;

  app.post(`${repoPath}/like`, async (c) => {
    const user = requireWriteUser(c.var.viewer);
    const row = await readableRepo(
      c,
      deps.repos,
      typeOfKind(c.req.param("kind")),
      `${c.req.param("owner")}/${c.req.param("name")}`,
    );
    await deps.repos.like(user, row);
    return c.json({
      liked: true,
      likes: (await deps.repos.findById(row.id))?.likes ?? row.likes,
    } satisfies LikeState);
  });

  app.delete(`${repoPath}/like`, async (c) => {
    const user = requireWriteUser(c.var.viewer);
    const row = await readableRepo(
      c,
      deps.repos,
      typeOfKind(c.req.param("kind")),
      `${c.req.param("owner")}/${c.req.param("name")}`,
    );
    await deps.repos.unlike(user, row);
    return c.json({
      liked: false,
      likes: (await deps.repos.findById(row.id))?.likes ?? row.likes,
    } satisfies LikeState);
  });

  app.get(`${repoPath}/like`, async (c) => {
    const user = requireUser(c.var.viewer);
    const row = await readableRepo(
      c,
      deps.repos,
      typeOfKind(c.req.param("kind")),
      `${c.req.param("owner")}/${c.req.param("name")}`,
    );
    return c.json({ liked: await deps.repos.likedBy(user, row), likes: row.likes } satisfies LikeState);
  });

  app.get(`${repoPath}/likers`, async (c) => {
    const row = await readableRepo(
      c,
      deps.repos,
      typeOfKind(c.req.param("kind")),
      `${c.req.param("owner")}/${c.req.param("name")}`,
    );
    const users = await deps.repos.likersOf(row);
    return c.json(users.map((user) => ({ user, type: "user" })));
  });

  app.get("/api/users/:user/likes", async (c) => {
    const user = await deps.accounts.findUser(c.req.param("user"));
    if (!user) throw notFound(`User ${c.req.param("user")} not found`);
    const rows = await deps.repos.likesOf(user.name);
    const visible = rows.filter((row) => canReadRepo(c.var.viewer, toRepoRecord(row)));
    return c.json(
      visible.map((row): LikedRepo => ({
        createdAt: row.created_at,
        repo: { name: row.full_id, type: row.type },
      })),
    );
  });

  return app;
}
