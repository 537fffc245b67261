import type { Context, MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import type { AppEnv } from "../../http-kit/contracts.js";
import { forbidden } from "../../domain/errors.js";
import { repoTypeNamed, type RepoType } from "../../domain/repo.js";
import { canReadRepo, orgBlockOf, type MemberViewer } from "../../platform/access-rules.js";
import { toRepoRecord, type Repos } from "../../platform/repos.js";
import { fineGrainedAllows, type PermissionTarget } from "../../platform/token-scope.js";
import { READ_PERMISSIONS, ROUTE_PERMISSIONS, type RouteRule } from "../token-permissions.js";

interface RegisteredRoute {
  method: string;
  path: string;
}

interface MatchedRule {
  pattern: string;
  rule: RouteRule;
  params: Record<string, string>;
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function repoTypeOf(pattern: string, params: Record<string, string>): RepoType {
  if (pattern.startsWith("/datasets-server/")) return "dataset";
  const plural =
    params.kind ??
    params.prefix ??
    /^\/(?:api|hf-inference)\/(models|datasets|spaces|kernels)\//.exec(pattern)?.[1] ??
    "models";
  return repoTypeNamed(plural.slice(0, -1)) ?? "model";
}

/**
 * Narrows every request of a fine-grained token to what its permissions allow, and refuses a token
 * an organisation bars (policy, pending approval, revocation) on that org's resources. The route
 * comes from the app's own route table and its rule from ROUTE_PERMISSIONS; other tokens and web
 * sessions pass straight through.
 */
export function tokenPermissionCheck(
  repos: Repos,
  registeredRoutes: () => readonly RegisteredRoute[],
): MiddlewareHandler<AppEnv> {
  let router: TrieRouter<{ pattern: string; rule: RouteRule }> | undefined;
  const routerOf = () => {
    if (router) return router;
    const built = new TrieRouter<{ pattern: string; rule: RouteRule }>();
    for (const route of registeredRoutes()) {
      if (route.method === "ALL") continue;
      const rule = ROUTE_PERMISSIONS[`${route.method} ${route.path}`] ?? { on: "denied" };
      built.add(route.method, route.path, { pattern: `${route.method} ${route.path}`, rule });
    }
    router = built;
    return built;
  };
  const match = (method: string, path: string): MatchedRule | undefined => {
    const [found] = routerOf().match(method === "HEAD" ? "GET" : method, path) as [
      [{ pattern: string; rule: RouteRule }, Record<string, string>][],
    ];
    const first = found[0];
    if (!first) return undefined;
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(first[1])) params[key] = decoded(value);
    return { pattern: first[0].pattern, rule: first[0].rule, params };
  };

  return async (c, next) => {
    const viewer = c.var.viewer as MemberViewer;
    if (!viewer.fineGrained && !viewer.orgBlocks) return next();
    const matched = match(c.req.method, c.req.path);
    if (matched) await enforce(c, viewer, matched, repos);
    return next();
  };
}

function targetOf(
  c: Context<AppEnv>,
  viewer: MemberViewer,
  matched: MatchedRule,
): PermissionTarget | undefined {
  const { rule, params, pattern } = matched;
  switch (rule.on) {
    case "repo":
    case "git-refs": {
      const path = pattern.slice(pattern.indexOf(" ") + 1);
      if (!params.owner || !params.name) return undefined;
      return {
        kind: "repo",
        type: repoTypeOf(path, params),
        owner: params.owner,
        name: params.name.replace(/\.git$/, ""),
      };
    }
    case "query-dataset": {
      const [owner, name, ...rest] = (c.req.query("dataset") ?? "").split("/");
      return owner && name && rest.length === 0 ? { kind: "repo", type: "dataset", owner, name } : undefined;
    }
    case "namespace": {
      const owner = params.org ?? params.owner ?? params.user;
      return owner ? { kind: "namespace", owner } : undefined;
    }
    case "self":
      return viewer.user ? { kind: "namespace", owner: viewer.user } : undefined;
    case "global":
      return { kind: "global" };
    default:
      return undefined;
  }
}

function permissionOf(c: Context<AppEnv>, rule: RouteRule): string | undefined {
  if (rule.on === "git-refs")
    return c.req.query("service") === "git-receive-pack" ? "repo.write" : rule.permission;
  return "permission" in rule ? rule.permission : undefined;
}

async function enforce(c: Context<AppEnv>, viewer: MemberViewer, matched: MatchedRule, repos: Repos) {
  const { rule } = matched;
  if (viewer.fineGrained && rule.on === "denied")
    throw forbidden(
      `Fine-grained tokens cannot use ${matched.pattern}: account settings and administration need a web session or a classic token`,
    );
  const permission = permissionOf(c, rule);
  const target = targetOf(c, viewer, matched);
  if (!permission || !target) return;
  const grants = viewer.fineGrained;
  if (target.kind !== "repo") {
    const block = target.kind === "namespace" ? orgBlockOf(viewer, target.owner) : undefined;
    if (block) throw forbidden(block);
    if (grants && !fineGrainedAllows(grants, permission, target))
      throw forbidden(lacking(permission, target.kind === "global" ? "global" : target.owner));
    return;
  }
  const row = await repos.find(target.type, `${target.owner}/${target.name}`);
  if (!row) return;
  const record = toRepoRecord(row);
  const reading = READ_PERMISSIONS.includes(permission);
  if (reading && !record.private) return;
  const block = orgBlockOf(viewer, record.owner);
  if (block) throw forbidden(block);
  if (!grants) return;
  // a repo the user could not see anyway: the route answers its usual 404
  const unscoped: MemberViewer = { ...viewer, fineGrained: undefined };
  if (!canReadRepo(unscoped, record)) return;
  if (!fineGrainedAllows(grants, permission, { ...target, owner: record.owner, private: record.private }))
    throw forbidden(lacking(permission, `${record.type} ${record.id}`));
}

function lacking(permission: string, where: string): string {
  return `This fine-grained token does not have the "${permission}" permission on ${where}: edit its permissions at /settings/tokens`;
}
