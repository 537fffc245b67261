import { Hono, type Context } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { SsoRouteDeps } from "./route-deps.js";
import { parseJsonStream } from "../../offload/codec.js";
import { bearerToken } from "../../http-kit/bearer-token.js";
import { requestBase } from "../../http-kit/request-base.js";
import type { OrgRow } from "../../platform/accounts.js";
import { HttpError } from "../../domain/errors.js";
import { ScimError } from "../scim/scim-error.js";
import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, ScimService, USER_SCHEMA } from "../scim/scim-service.js";
import { ScimTokens } from "../scim/scim-tokens.js";
import type { ScimObject } from "../scim/patch.js";

const SCIM_TYPE = "application/scim+json";
const PREFIX = "/api/organizations/:org/scim/v2";

function scimJson(c: Context<AppEnv>, body: unknown, status: 200 | 201 = 200): Response {
  c.header("Content-Type", `${SCIM_TYPE}; charset=utf-8`);
  c.header("Cache-Control", "no-store");
  return c.body(JSON.stringify(body), status);
}

async function scimBody(c: Context<AppEnv>): Promise<ScimObject> {
  const type = c.req.header("Content-Type") ?? "";
  if (type && !/^application\/(scim\+)?json\b/i.test(type))
    throw new ScimError(415, "Send the body as application/scim+json (or application/json)");
  let parsed: unknown;
  try {
    // large bodies are parsed on the codec thread, with the hub's nesting, NUL and size rules
    parsed = await parseJsonStream(c.req.raw.body);
  } catch (err) {
    if (err instanceof HttpError && err.status < 500)
      throw new ScimError(err.status === 413 ? 413 : 400, err.message, "invalidSyntax");
    throw err;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new ScimError(400, "The body must be a JSON object", "invalidSyntax");
  return parsed as ScimObject;
}

function listQuery(c: Context<AppEnv>) {
  const number = (name: string) => {
    const raw = c.req.query(name);
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw new ScimError(400, `${name} must be a whole number`, "invalidValue");
    return value;
  };
  return {
    filter: c.req.query("filter"),
    startIndex: number("startIndex"),
    count: number("count"),
    excludedAttributes: c.req.query("excludedAttributes"),
  };
}

/**
 * SCIM 2.0 per org, at the Hub's paths `/api/organizations/{org}/scim/v2/…`: Users, Groups and the
 * discovery documents (ServiceProviderConfig, ResourceTypes, Schemas). Every answer, errors included,
 * is SCIM JSON; the bearer must be a SCIM token of that org.
 */
export function scimRoutes(deps: SsoRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const tokens = new ScimTokens(deps.db);
  const service = new ScimService(
    deps.db,
    deps.accounts,
    deps.sso.orgSso,
    deps.sso.events,
    deps.sso.settings.groupRoles,
    () => deps.sso.forgetGitPasswords(),
  );

  app.onError((err, c) => {
    const scim =
      err instanceof ScimError
        ? err
        : err instanceof HttpError
          ? new ScimError(err.status === 413 ? 413 : err.status >= 500 ? 500 : 400, err.message)
          : undefined;
    if (!scim) {
      deps.logger.error({ err }, "SCIM request failed");
      return c.body(JSON.stringify(new ScimError(500, "Internal error").body()), 500, {
        "Content-Type": SCIM_TYPE,
      });
    }
    return c.body(JSON.stringify(scim.body()), scim.status, { "Content-Type": SCIM_TYPE });
  });

  const orgs = new WeakMap<Context<AppEnv>, OrgRow>();
  app.use(`${PREFIX}/*`, async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    const org = await deps.accounts.findOrg(c.req.param("org") ?? "");
    // the same answer for an unknown org and a wrong token: no hint which orgs exist
    const row = token && org ? await tokens.check(org.name, token) : undefined;
    if (!org || !row) {
      c.header("WWW-Authenticate", 'Bearer realm="SCIM"');
      throw new ScimError(
        401,
        "A SCIM token of this organization is required (Authorization: Bearer scim_…)",
      );
    }
    orgs.set(c, org);
    await next();
  });
  const orgOf = (c: Context<AppEnv>) => orgs.get(c)!;
  const base = (c: Context<AppEnv>) =>
    `${requestBase(c, deps.configuredPublicUrl)}/api/organizations/${orgOf(c).name}/scim/v2`;

  app.get(`${PREFIX}/Users`, async (c) =>
    scimJson(c, await service.listUsers(orgOf(c), base(c), listQuery(c))),
  );
  app.post(`${PREFIX}/Users`, async (c) =>
    scimJson(c, await service.createUser(orgOf(c), base(c), await scimBody(c)), 201),
  );
  app.get(`${PREFIX}/Users/:id`, async (c) =>
    scimJson(c, await service.getUser(orgOf(c), base(c), c.req.param("id"))),
  );
  app.put(`${PREFIX}/Users/:id`, async (c) =>
    scimJson(c, await service.replaceUser(orgOf(c), base(c), c.req.param("id"), await scimBody(c))),
  );
  app.patch(`${PREFIX}/Users/:id`, async (c) =>
    scimJson(c, await service.patchUser(orgOf(c), base(c), c.req.param("id"), await scimBody(c))),
  );
  app.delete(`${PREFIX}/Users/:id`, async (c) => {
    await service.deleteUser(orgOf(c), c.req.param("id"));
    return c.body(null, 204);
  });

  app.get(`${PREFIX}/Groups`, async (c) =>
    scimJson(c, await service.listGroups(orgOf(c), base(c), listQuery(c))),
  );
  app.post(`${PREFIX}/Groups`, async (c) =>
    scimJson(c, await service.createGroup(orgOf(c), base(c), await scimBody(c)), 201),
  );
  app.get(`${PREFIX}/Groups/:id`, async (c) =>
    scimJson(c, await service.getGroup(orgOf(c), base(c), c.req.param("id"))),
  );
  app.put(`${PREFIX}/Groups/:id`, async (c) =>
    scimJson(c, await service.replaceGroup(orgOf(c), base(c), c.req.param("id"), await scimBody(c))),
  );
  app.patch(`${PREFIX}/Groups/:id`, async (c) =>
    scimJson(c, await service.patchGroup(orgOf(c), base(c), c.req.param("id"), await scimBody(c))),
  );
  app.delete(`${PREFIX}/Groups/:id`, async (c) => {
    await service.deleteGroup(orgOf(c), c.req.param("id"));
    return c.body(null, 204);
  });

  app.get(`${PREFIX}/ServiceProviderConfig`, (c) =>
    scimJson(c, {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
      documentationUri: `${requestBase(c, deps.configuredPublicUrl)}/docs#scim`,
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: 500 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        {
          type: "oauthbearertoken",
          name: "SCIM token",
          description: "A SCIM token an org admin created",
          primary: true,
        },
      ],
      meta: { resourceType: "ServiceProviderConfig", location: `${base(c)}/ServiceProviderConfig` },
    }),
  );

  const resourceTypes = (c: Context<AppEnv>) => [
    {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
      id: "User",
      name: "User",
      endpoint: "/Users",
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
      meta: { resourceType: "ResourceType", location: `${base(c)}/ResourceTypes/User` },
    },
    {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
      id: "Group",
      name: "Group",
      endpoint: "/Groups",
      schema: GROUP_SCHEMA,
      meta: { resourceType: "ResourceType", location: `${base(c)}/ResourceTypes/Group` },
    },
  ];
  app.get(`${PREFIX}/ResourceTypes`, (c) => {
    const list = resourceTypes(c);
    return scimJson(c, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
      totalResults: list.length,
      startIndex: 1,
      itemsPerPage: list.length,
      Resources: list,
    });
  });
  app.get(`${PREFIX}/ResourceTypes/:id`, (c) => {
    const found = resourceTypes(c).find((t) => t.id === c.req.param("id"));
    if (!found) throw new ScimError(404, `Resource type ${c.req.param("id")} not found`);
    return scimJson(c, found);
  });

  const schemas = (c: Context<AppEnv>) => scimSchemas(base(c));
  app.get(`${PREFIX}/Schemas`, (c) => {
    const list = schemas(c);
    return scimJson(c, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
      totalResults: list.length,
      startIndex: 1,
      itemsPerPage: list.length,
      Resources: list,
    });
  });
  app.get(`${PREFIX}/Schemas/:id`, (c) => {
    const found = schemas(c).find((s) => s.id === c.req.param("id"));
    if (!found) throw new ScimError(404, `Schema ${c.req.param("id")} not found`);
    return scimJson(c, found);
  });
  app.all(`${PREFIX}/*`, () => {
    throw new ScimError(
      404,
      "No such SCIM endpoint: use Users, Groups, ServiceProviderConfig, ResourceTypes or Schemas",
    );
  });

  return app;
}

function attribute(name: string, type: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    type,
    multiValued: false,
    required: false,
    caseExact: false,
    mutability: "readWrite",
    returned: "default",
    uniqueness: "none",
    ...extra,
  };
}

/** The attributes this hub keeps and uses, in RFC 7643's schema representation. */
function scimSchemas(base: string) {
  return [
    {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
      id: USER_SCHEMA,
      name: "User",
      description: "A hub account (userName becomes a valid hub user name)",
      attributes: [
        attribute("userName", "string", { required: true, uniqueness: "server" }),
        attribute("name", "complex", {
          subAttributes: [
            attribute("formatted", "string"),
            attribute("givenName", "string"),
            attribute("familyName", "string"),
          ],
        }),
        attribute("displayName", "string"),
        attribute("active", "boolean"),
        attribute("externalId", "string", { caseExact: true }),
        attribute("emails", "complex", {
          multiValued: true,
          subAttributes: [
            attribute("value", "string"),
            attribute("type", "string"),
            attribute("primary", "boolean"),
          ],
        }),
        attribute("groups", "complex", { multiValued: true, mutability: "readOnly" }),
      ],
      meta: { resourceType: "Schema", location: `${base}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
      id: GROUP_SCHEMA,
      name: "Group",
      description: "A group; its displayName is matched against the org's group → role mappings",
      attributes: [
        attribute("displayName", "string", { required: true }),
        attribute("externalId", "string", { caseExact: true }),
        attribute("members", "complex", {
          multiValued: true,
          subAttributes: [
            attribute("value", "string", { mutability: "immutable" }),
            attribute("display", "string"),
          ],
        }),
      ],
      meta: { resourceType: "Schema", location: `${base}/Schemas/${GROUP_SCHEMA}` },
    },
  ];
}
