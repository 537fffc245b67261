/**
 * What a fine-grained token needs for each route: the one table the permission check reads (see
 * middleware/token-permission-check.ts) and README's "Tokens and permissions" table is generated from.
 * A test fails when a route of the hub has no row here, so a new route cannot slip past the check.
 *
 * - `repo`: the permission on the repo the path names (its own scope, or its owner's user/org scope);
 *   reads of a public repo need none.
 * - `namespace`: the permission on the org or user the path names (`:org`, `:owner`, `:user`).
 * - `self`: the permission on the token owner's own account.
 * - `global`: a global permission (or the owner's user scope).
 * - `body`: the target is in the request body; the access rules (platform/access-rules.ts) apply the
 *   permission where the route decides who may write.
 * - `none`: nothing beyond what anyone may do (public reads, sign-in, the route's own checks).
 * - `denied`: account settings and administration: fine-grained tokens are refused (403).
 */

export type RouteRule =
  | {
      on: "repo" | "namespace" | "self" | "global" | "body" | "query-dataset" | "git-refs";
      permission: string;
    }
  | { on: "none" }
  | { on: "denied" };

const NONE: RouteRule = { on: "none" };
const DENIED: RouteRule = { on: "denied" };
const repo = (permission: string): RouteRule => ({ on: "repo", permission });
const namespace = (permission: string): RouteRule => ({ on: "namespace", permission });
const self = (permission: string): RouteRule => ({ on: "self", permission });
const global = (permission: string): RouteRule => ({ on: "global", permission });
const body = (permission: string): RouteRule => ({ on: "body", permission });
/** The dataset viewer names its dataset in `?dataset=owner/name`. */
const queryDataset = (permission: string): RouteRule => ({ on: "query-dataset", permission });
/** `info/refs?service=git-receive-pack` starts a push (`repo.write`); any other service a fetch. */
const GIT_REFS: RouteRule = { on: "git-refs", permission: "repo.content.read" };

/** Permissions that only read: on a public repo nobody needs them. */
export const READ_PERMISSIONS: readonly string[] = [
  "repo.content.read",
  "repo.access.read",
  "collection.read",
];

/** Route (`METHOD pattern`, exactly as registered) → what a fine-grained token needs. */
export const ROUTE_PERMISSIONS: Readonly<Record<string, RouteRule>> = {
  "GET /healthz": NONE,
  "HEAD /healthz": NONE,
  "GET /readyz": NONE,
  "HEAD /readyz": NONE,
  "GET /metrics": NONE,
  "GET /api/settings/webhooks": self("user.webhooks.read"),
  "POST /api/settings/webhooks": self("user.webhooks.write"),
  "GET /api/settings/webhooks/:id": self("user.webhooks.read"),
  "POST /api/settings/webhooks/:id": self("user.webhooks.write"),
  "DELETE /api/settings/webhooks/:id": self("user.webhooks.write"),
  "POST /api/settings/webhooks/:id/enable": self("user.webhooks.write"),
  "POST /api/settings/webhooks/:id/disable": self("user.webhooks.write"),
  "GET /api/settings/webhooks/:id/deliveries": self("user.webhooks.read"),
  "POST /api/settings/webhooks/:id/deliveries/:delivery/replay": self("user.webhooks.write"),
  "GET /api/organizations/:org/audit-log/export": DENIED,
  "GET /api/organizations/:org/audit-log": DENIED,
  "GET /api/admin/audit-log": DENIED,
  "GET /api/admin/audit-log/export": DENIED,
  "GET /api/admin/audit-log/verify": DENIED,
  "GET /api/audit-log/catalogue": NONE,
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/scan": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/scan/file": repo("repo.content.read"),
  "GET /api/admin/scans": DENIED,
  "POST /api/admin/scans/rescan": DENIED,
  "POST /api/admin/scans/release": DENIED,
  "GET /datasets-server/is-valid": queryDataset("repo.content.read"),
  "GET /datasets-server/status": queryDataset("repo.content.read"),
  "GET /datasets-server/splits": queryDataset("repo.content.read"),
  "GET /datasets-server/first-rows": queryDataset("repo.content.read"),
  "GET /datasets-server/rows": queryDataset("repo.content.read"),
  "GET /datasets-server/search": queryDataset("repo.content.read"),
  "GET /datasets-server/filter": queryDataset("repo.content.read"),
  "GET /datasets-server/statistics": queryDataset("repo.content.read"),
  "GET /datasets-server/size": queryDataset("repo.content.read"),
  "GET /datasets-server/info": queryDataset("repo.content.read"),
  "GET /datasets-server/parquet": queryDataset("repo.content.read"),
  "POST /datasets-server/sql": body("repo.content.read"),
  "GET /api/datasets/:owner/:name/parquet": repo("repo.content.read"),
  "GET /api/datasets/:owner/:name/parquet/:config": repo("repo.content.read"),
  "GET /api/datasets/:owner/:name/parquet/:config/:split": repo("repo.content.read"),
  "GET /api/datasets/:owner/:name/parquet/:config/:split/:file{[0-9]+\\.parquet}": repo("repo.content.read"),
  "GET /datasets-server/assets/:owner/:name/--/:commit/--/:config/:split/:row{[0-9]+}/:column":
    repo("repo.content.read"),
  "GET /api/whoami-v2": NONE,
  "GET /api/settings/tokens": DENIED,
  "POST /api/settings/tokens": DENIED,
  "DELETE /api/settings/tokens/:id": DENIED,
  "POST /api/login": NONE,
  "POST /api/logout": NONE,
  "GET /api/session": NONE,
  "GET /api/settings/sessions": DENIED,
  "DELETE /api/settings/sessions/:id": DENIED,
  "GET /api/admin/users/:user/sessions": DENIED,
  "DELETE /api/admin/users/:user/sessions": DENIED,
  "POST /api/repos/create": body("repo.write"),
  "DELETE /api/repos/delete": body("repo.write"),
  "POST /api/repos/move": body("repo.write"),
  "PUT /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/settings": repo("repo.write"),
  "GET /api/models": NONE,
  "GET /api/datasets": NONE,
  "GET /api/spaces": NONE,
  "GET /api/kernels": NONE,
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/facets": NONE,
  "GET /api/models/:owner/:name/snippets": repo("repo.content.read"),
  "GET /api/models/:owner/:name/model-tree": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/downloads/daily":
    repo("repo.content.read"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/like": repo("repo.content.read"),
  "DELETE /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/like": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/like": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/likers": repo("repo.content.read"),
  "GET /api/users/:user/likes": NONE,
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/revision/:rev{.+}":
    repo("repo.content.read"),
  "GET /api/tasks": NONE,
  "GET /api/tasks/:task": NONE,
  "POST /api/organizations/new": DENIED,
  "PUT /api/organizations/:org/settings": DENIED,
  "GET /api/organizations/:org/overview": NONE,
  "GET /api/users/:user/overview": NONE,
  "GET /api/organizations/:org/members": NONE,
  "POST /api/organizations/:org/members": DENIED,
  "PUT /api/organizations/:org/members/:user/role": DENIED,
  "DELETE /api/organizations/:org/members/:user": DENIED,
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/ask-access": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/auth-check": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/user-access-request/me":
    repo("repo.content.read"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/user-access-request/cancel":
    repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/user-access-request/:status":
    repo("repo.access.read"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/user-access-request/handle":
    repo("repo.write"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/user-access-request/grant":
    repo("repo.write"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/discussions": repo("repo.content.read"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/discussions": repo("discussion.write"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/discussions/:num":
    repo("repo.content.read"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/discussions/:num/comment":
    repo("discussion.write"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/discussions/:num/comment/:id/edit":
    repo("discussion.write"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/discussions/:num/comment/:id/hide":
    repo("discussion.write"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/discussions/:num/title":
    repo("discussion.write"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/discussions/:num/status":
    repo("discussion.write"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/discussions/:num/merge":
    repo("repo.write"),
  "GET /api/inference/backends": NONE,
  "GET /api/admin/inference": DENIED,
  "POST /api/admin/inference/backends/:name/check": DENIED,
  "GET /v1/models": NONE,
  "POST /v1/chat/completions": global("inference.serverless.write"),
  "POST /v1/completions": global("inference.serverless.write"),
  "POST /hf-inference/models/:owner/:name/pipeline/:task": global("inference.serverless.write"),
  "POST /hf-inference/models/:owner/:name": global("inference.serverless.write"),
  "POST /v1/audio/transcriptions": global("inference.serverless.write"),
  "POST /hf-inference/models/:owner/:name/v1/chat/completions": global("inference.serverless.write"),
  "POST /hf-inference/models/:owner/:name/v1/completions": global("inference.serverless.write"),
  "POST /:backend/v1/chat/completions": global("inference.serverless.write"),
  "POST /v1/embeddings": global("inference.serverless.write"),
  "GET /api/inference/usage": self("user.billing.read"),
  "GET /api/organizations/:org/inference/usage": DENIED,
  "POST /api/validate-yaml": NONE,
  "GET /api/agent-harnesses": NONE,
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:name": NONE,
  "HEAD /api/:kind{(?:models|datasets|spaces|kernels)}/:name": NONE,
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:name/revision/:rev{.+}": NONE,
  "HEAD /api/:kind{(?:models|datasets|spaces|kernels)}/:name/revision/:rev{.+}": NONE,
  "GET /:name/resolve/:rev/:path{.+}": NONE,
  "HEAD /:name/resolve/:rev/:path{.+}": NONE,
  "GET /api/auth/providers": NONE,
  "GET /auth/oidc/login": NONE,
  "GET /auth/oidc/callback": NONE,
  "GET /auth/saml/metadata": NONE,
  "GET /auth/saml/login": NONE,
  "POST /auth/saml/acs": NONE,
  "GET /api/settings/2fa": DENIED,
  "POST /api/settings/2fa/setup": DENIED,
  "POST /api/settings/2fa/enable": DENIED,
  "POST /api/settings/2fa/recovery-codes": DENIED,
  "POST /api/settings/2fa/disable": DENIED,
  "GET /api/organizations/:org/settings/sso": DENIED,
  "PUT /api/organizations/:org/settings/sso": DENIED,
  "GET /api/organizations/:org/settings/scim-tokens": DENIED,
  "POST /api/organizations/:org/settings/scim-tokens": DENIED,
  "DELETE /api/organizations/:org/settings/scim-tokens/:id": DENIED,
  "GET /api/organizations/:org/scim/v2/Users": NONE,
  "POST /api/organizations/:org/scim/v2/Users": NONE,
  "GET /api/organizations/:org/scim/v2/Users/:id": NONE,
  "PUT /api/organizations/:org/scim/v2/Users/:id": NONE,
  "PATCH /api/organizations/:org/scim/v2/Users/:id": NONE,
  "DELETE /api/organizations/:org/scim/v2/Users/:id": NONE,
  "GET /api/organizations/:org/scim/v2/Groups": NONE,
  "POST /api/organizations/:org/scim/v2/Groups": NONE,
  "GET /api/organizations/:org/scim/v2/Groups/:id": NONE,
  "PUT /api/organizations/:org/scim/v2/Groups/:id": NONE,
  "PATCH /api/organizations/:org/scim/v2/Groups/:id": NONE,
  "DELETE /api/organizations/:org/scim/v2/Groups/:id": NONE,
  "GET /api/organizations/:org/scim/v2/ServiceProviderConfig": NONE,
  "GET /api/organizations/:org/scim/v2/ResourceTypes": NONE,
  "GET /api/organizations/:org/scim/v2/ResourceTypes/:id": NONE,
  "GET /api/organizations/:org/scim/v2/Schemas": NONE,
  "GET /api/organizations/:org/scim/v2/Schemas/:id": NONE,
  "GET /api/quicksearch": NONE,
  "GET /api/collections": NONE,
  "POST /api/collections": body("collection.write"),
  "GET /api/collections/:owner/:slug": NONE,
  "PATCH /api/collections/:owner/:slug": namespace("collection.write"),
  "DELETE /api/collections/:owner/:slug": namespace("collection.write"),
  "POST /api/collections/:owner/:slug/items": namespace("collection.write"),
  "PATCH /api/collections/:owner/:slug/items/:itemId": namespace("collection.write"),
  "DELETE /api/collections/:owner/:slug/items/:itemId": namespace("collection.write"),
  "GET /api/settings/repositories": DENIED,
  "GET /api/organizations/:org/settings/repositories": DENIED,
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/duplicate": body("repo.write"),
  "GET /api/admin/gc": DENIED,
  "POST /api/admin/gc": DENIED,
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/tree/:rev": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/tree/:rev/:path{.+}":
    repo("repo.content.read"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/paths-info/:rev":
    repo("repo.content.read"),
  "GET /:owner/:name/resolve/:rev/:path{.+}": repo("repo.content.read"),
  "HEAD /:owner/:name/resolve/:rev/:path{.+}": repo("repo.content.read"),
  "GET /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/resolve/:rev/:path{.+}": repo("repo.content.read"),
  "HEAD /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/resolve/:rev/:path{.+}": repo("repo.content.read"),
  "GET /:owner/:name/raw/:rev/:path{.+}": repo("repo.content.read"),
  "HEAD /:owner/:name/raw/:rev/:path{.+}": repo("repo.content.read"),
  "GET /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/raw/:rev/:path{.+}": repo("repo.content.read"),
  "HEAD /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/raw/:rev/:path{.+}": repo("repo.content.read"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/preupload/:rev": repo("repo.write"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/:xet{xet-read-token|xet-write-token}/:rev":
    repo("repo.content.read"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/commit/:rev": repo("repo.write"),
  "POST /:owner/:name/info/lfs/objects/batch": repo("repo.content.read"),
  "POST /:owner/:name/info/lfs/objects/verify": repo("repo.write"),
  "PUT /:owner/:name/info/lfs/objects/:oid/:size": repo("repo.write"),
  "PUT /:owner/:name/info/lfs/objects/:oid/:size/part/:part": repo("repo.write"),
  "GET /:owner/:name/info/lfs/objects/:oid/:size/part/:part": repo("repo.content.read"),
  "HEAD /:owner/:name/info/lfs/objects/:oid/:size/part/:part": repo("repo.content.read"),
  "POST /:owner/:name/info/lfs/objects/:oid/:size/complete": repo("repo.write"),
  "GET /:owner/:name/info/lfs/objects/:oid/:size": repo("repo.content.read"),
  "HEAD /:owner/:name/info/lfs/objects/:oid/:size": repo("repo.content.read"),
  "POST /:owner/:name/info/lfs/locks/verify": repo("repo.content.read"),
  "POST /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/lfs/objects/batch": repo("repo.content.read"),
  "POST /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/lfs/objects/verify": repo("repo.write"),
  "PUT /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/lfs/objects/:oid/:size": repo("repo.write"),
  "PUT /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/lfs/objects/:oid/:size/part/:part":
    repo("repo.write"),
  "GET /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/lfs/objects/:oid/:size/part/:part":
    repo("repo.content.read"),
  "HEAD /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/lfs/objects/:oid/:size/part/:part":
    repo("repo.content.read"),
  "POST /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/lfs/objects/:oid/:size/complete":
    repo("repo.write"),
  "GET /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/lfs/objects/:oid/:size":
    repo("repo.content.read"),
  "HEAD /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/lfs/objects/:oid/:size":
    repo("repo.content.read"),
  "POST /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/lfs/locks/verify": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/commits/:rev": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/refs": repo("repo.content.read"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/branch/:branch": repo("repo.write"),
  "DELETE /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/branch/:branch": repo("repo.write"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/tag/:rev": repo("repo.write"),
  "DELETE /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/tag/:tag": repo("repo.write"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/super-squash/:branch": repo("repo.write"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/lfs-files": repo("repo.content.read"),
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/lfs-files/batch": repo("repo.write"),
  "GET /:owner/:name/info/refs": GIT_REFS,
  "POST /:owner/:name/git-upload-pack": repo("repo.content.read"),
  "POST /:owner/:name/git-receive-pack": repo("repo.write"),
  "GET /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/info/refs": GIT_REFS,
  "POST /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/git-upload-pack": repo("repo.content.read"),
  "POST /:prefix{(?:datasets|spaces|kernels)}/:owner/:name/git-receive-pack": repo("repo.write"),
  "GET /api/spaces/:owner/:name/app": repo("repo.content.read"),
  "HEAD /api/spaces/:owner/:name/app": repo("repo.content.read"),
  "GET /api/spaces/:owner/:name/app/:grant/*": repo("repo.content.read"),
  "HEAD /api/spaces/:owner/:name/app/:grant/*": repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/commit/:rev{.+}":
    repo("repo.content.read"),
  "GET /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/compare/:range{.+}":
    repo("repo.content.read"),
  "GET /": NONE,
  "POST /api/:kind{(?:models|datasets|spaces|kernels)}/:owner/:name/mirror/refresh": repo("repo.write"),
  "GET /api/admin/quotas": DENIED,
  "GET /api/admin/quotas/:name": DENIED,
  "PUT /api/admin/quotas/:name": DENIED,
  // the storage page is account settings, as on the Hub
  "GET /api/users/:name/storage": DENIED,
  "GET /api/organizations/:name/storage": DENIED,
  // a Space's secrets and variables are its writers' (the Hub asks for write access to the Space)
  "GET /api/spaces/:owner/:name/variables": repo("repo.write"),
  "POST /api/spaces/:owner/:name/variables": repo("repo.write"),
  "DELETE /api/spaces/:owner/:name/variables": repo("repo.write"),
  "GET /api/spaces/:owner/:name/secrets": repo("repo.write"),
  "POST /api/spaces/:owner/:name/secrets": repo("repo.write"),
  "DELETE /api/spaces/:owner/:name/secrets": repo("repo.write"),
  "GET /api/admin/mirror": DENIED,
  "POST /api/admin/mirror/pull": DENIED,
  "POST /api/credentials/revoke": NONE,
  "POST /api/organizations/:org/settings/tokens/revoke": DENIED,
  "GET /api/organizations/:org/settings/tokens": DENIED,
  "POST /api/organizations/:org/settings/tokens/:id/:decision{(?:approve|deny|revoke)}": DENIED,
  "GET /api/organizations/:org/settings/token-policy": DENIED,
  "PUT /api/organizations/:org/settings/token-policy": DENIED,
  "GET /api/organizations/:org/service-accounts": DENIED,
  "POST /api/organizations/:org/service-accounts": DENIED,
  "DELETE /api/organizations/:org/service-accounts/:id": DENIED,
  "POST /api/organizations/:org/service-accounts/:id/tokens": DENIED,
};

function describe(rule: RouteRule): string {
  switch (rule.on) {
    case "none":
      return "none (public, or the route's own checks)";
    case "denied":
      return "refused to fine-grained tokens";
    case "git-refs":
      return "`repo.content.read` (fetch) / `repo.write` (push) on the repo";
    case "query-dataset":
      return `\`${rule.permission}\` on the dataset of \`?dataset=\``;
    case "self":
      return `\`${rule.permission}\` on the token owner's account`;
    case "global":
      return `\`${rule.permission}\` (global)`;
    case "body":
      return `\`${rule.permission}\` on the repo/namespace in the body`;
    default:
      return `\`${rule.permission}\` on the ${rule.on}`;
  }
}

/** The README table (route → permission), one row per route of this table. */
export function permissionTableMarkdown(): string {
  const lines = ["| Route | Fine-grained token needs |", "|---|---|"];
  for (const [route, rule] of Object.entries(ROUTE_PERMISSIONS))
    lines.push(`| \`${route.replaceAll("|", "\\|")}\` | ${describe(rule)} |`);
  return lines.join("\n");
}
