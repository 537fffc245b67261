/** HTTP-side contract: the Hono environment every route shares. */
import type { Context } from "hono";
import type { Viewer } from "../domain/repo.js";

/** Hono environment shared by every route: the authenticated viewer is set by platform middleware. */
export interface AppEnv {
  Variables: {
    viewer: Viewer;
  };
}

export type AppContext = Context<AppEnv>;
