import type { Hono } from "hono";
import type { AppEnv } from "../http-kit/contracts.js";
import type { AppDeps } from "./deps.js";
import { accessRequestRoutes } from "./routes/access-requests.js";
import { discussionRoutes } from "./routes/discussions.js";
import { downloadHistoryRoutes } from "./routes/download-history.js";
import { facetRoutes } from "./routes/facets.js";
import { likeRoutes } from "./routes/likes.js";
import { listingRoutes } from "./routes/listings.js";
import { modelTreeRoutes } from "./routes/model-tree.js";
import { orgRoutes } from "./routes/orgs.js";
import { repoInfoRoutes } from "./routes/repo-info.js";
import { repoLifecycleRoutes } from "./routes/repos.js";
import { snippetRoutes } from "./routes/snippets.js";
import { taskRoutes } from "./routes/tasks.js";
import { tokenRoutes } from "./routes/tokens.js";
import { whoamiRoutes } from "./routes/whoami.js";
import { credentialRoutes } from "./routes/credentials.js";
import { orgTokenRoutes } from "./routes/org-tokens.js";
import { serviceAccountRoutes } from "./routes/service-accounts.js";
import { sessionRoutes } from "./routes/sessions.js";
import { validateYamlRoutes } from "./routes/validate-yaml.js";
import { agentHarnessRoutes } from "./routes/agent-harnesses.js";
import { namespacelessIdRoutes } from "./routes/namespaceless-ids.js";
import { inferenceRoutes } from "../inference/http/routes.js";
import type { CompanySignIn } from "../sso/company-sign-in.js";

/**
 * Every platform route group, in mount order. The content half's routes (files, commits, LFS, git)
 * and the web app fallback are mounted after these by `createApp`.
 *
 * | group      | routes                                                                          |
 * |------------|---------------------------------------------------------------------------------|
 * | whoami     | GET /api/whoami-v2                                                              |
 * | tokens     | GET/POST /api/settings/tokens, DELETE /api/settings/tokens/:id,                 |
 * |            | POST /api/credentials/revoke, GET/PUT …/:org/settings/token-policy,             |
 * |            | GET …/:org/settings/tokens, POST …/tokens/revoke, POST …/tokens/:id/:decision,  |
 * |            | GET/POST …/:org/service-accounts, DELETE …/:id, POST …/:id/tokens               |
 * | sessions   | POST /api/login, POST /api/logout, GET /api/session,                            |
 * |            | GET /api/settings/sessions, DELETE /api/settings/sessions/:id                   |
 * | repos      | POST /api/repos/create, DELETE /api/repos/delete, POST /api/repos/move,         |
 * |            | PUT /api/{kind}/:owner/:name/settings                                           |
 * | listings   | GET /api/models, /api/datasets, /api/spaces                                     |
 * | snippets   | GET /api/models/:owner/:name/snippets                                           |
 * | likes      | GET/POST/DELETE /api/{kind}/:owner/:name/like, GET …/likers,                    |
 * |            | GET /api/users/:user/likes                                                      |
 * | repo info  | GET /api/{kind}/:owner/:name[/revision/:rev]                                    |
 * | tasks      | GET /api/tasks, /api/tasks/:task                                                |
 * | orgs       | POST /api/organizations/new, GET …/overview, GET/POST …/members,                |
 * |            | PUT …/members/:user/role, DELETE …/members/:user, GET /api/users/:user/overview |
 * | model tree | GET /api/models/:owner/:name/model-tree                                         |
 * | downloads  | GET /api/{kind}/:owner/:name/downloads/daily                                    |
 * | validate   | POST /api/validate-yaml (README front matter, before uploads)                   |
 * | agents     | GET /api/agent-harnesses (the AI agent registry the Python client reads)        |
 * | no ns ids  | GET /api/{kind}/:name[/revision/:rev], GET /:name/resolve/… → 404 RepoNotFound  |
 * | access     | POST /api/{kind}/:owner/:name/ask-access, GET …/auth-check,                     |
 * |            | GET/POST …/user-access-request/(me|pending|accepted|rejected|handle|grant|cancel)|
 * | inference  | GET /v1/models, POST /v1/chat/completions, POST /v1/completions,                |
 * |            | GET /api/inference/usage, GET /api/organizations/:org/inference/usage           |
 */
export function platformRoutes(deps: AppDeps & { sso: CompanySignIn }): Hono<AppEnv>[] {
  return [
    whoamiRoutes(deps),
    tokenRoutes(deps),
    credentialRoutes(deps),
    orgTokenRoutes(deps),
    serviceAccountRoutes(deps),
    sessionRoutes(deps),
    repoLifecycleRoutes(deps),
    listingRoutes(deps),
    facetRoutes(deps),
    snippetRoutes(deps),
    modelTreeRoutes(deps),
    downloadHistoryRoutes(deps),
    likeRoutes(deps),
    repoInfoRoutes(deps),
    taskRoutes(deps),
    orgRoutes(deps),
    accessRequestRoutes(deps),
    discussionRoutes(deps),
    inferenceRoutes(deps),
    validateYamlRoutes(),
    agentHarnessRoutes(),
    namespacelessIdRoutes(),
  ];
}
