import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { CookieClient } from "./helpers/cookie-client.js";
import { startSamlIdp, type SamlIdp } from "./helpers/saml-idp.js";
import { slapdMissing } from "./helpers/slapd.js";

const USERS = {
  ivan: {
    nameId: "ivan-0001",
    username: "ivan",
    password: "ivan-pw",
    email: "ivan@corp.example",
    name: "Ivan Ivanov",
    groups: ["ml-team"],
  },
  victim: {
    nameId: "victim@corp.example",
    username: "victim",
    password: "v-pw",
    email: "victim@corp.example",
    name: "Victim",
    groups: ["ml-admins"],
  },
  evil: {
    nameId: "victim@corp.example.evil.example",
    username: "evil",
    password: "e-pw",
    email: "evil@evil.example",
    name: "Evil",
    groups: [],
  },
  mallory: {
    nameId: "mallory-0001",
    username: "mallory",
    password: "m-pw",
    email: "mallory@corp.example",
    name: "Mallory",
    groups: ["ml-team"],
  },
  boss: {
    nameId: "boss-0001",
    username: "boss",
    password: "b-pw",
    email: "boss@corp.example",
    name: "Boss",
    groups: ["ml-admins"],
  },
};

const opensslMissing = slapdMissing()?.startsWith("openssl") ? "openssl is not installed" : undefined;
if (opensslMissing) console.warn(`SAML tests skipped: ${opensslMissing}`);

describe.skipIf(opensslMissing !== undefined).each(DIALECTS)(
  "SAML 2.0 sign-in against a test IdP (%s)",
  (dialect) => {
    let hub: TestHub;
    let idp: SamlIdp;

    const acs = () => `${hub.url}/auth/saml/acs`;
    const entityId = () => `${hub.url}/auth/saml/metadata`;

    /** Starts a sign-in at the hub; returns the AuthnRequest's id (the IdP's InResponseTo). */
    async function startLogin(
      client: CookieClient,
      next = "/",
    ): Promise<{ requestId: string; location: string }> {
      const start = await client.request(`${hub.url}/auth/saml/login?next=${encodeURIComponent(next)}`);
      expect(start.status).toBe(302);
      const location = start.headers.get("Location")!;
      const request = zlib
        .inflateRawSync(Buffer.from(new URL(location).searchParams.get("SAMLRequest")!, "base64"))
        .toString();
      return { requestId: /\sID="([^"]+)"/.exec(request)![1], location };
    }

    async function post(client: CookieClient, samlResponse: string, relayState = "/") {
      return client.request(acs(), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
      });
    }

    async function whoami(client: CookieClient) {
      const cookie = client.cookie(hub.url, "modelhub_session");
      if (!cookie) return undefined;
      const response = await fetch(`${hub.url}/api/whoami-v2`, {
        headers: { Cookie: `modelhub_session=${cookie}` },
      });
      return response.status === 200
        ? ((await response.json()) as { name: string; orgs: unknown[] })
        : undefined;
    }

    /** The whole browser path: button → IdP form → credentials → auto-posted form → ACS. */
    async function signIn(user: keyof typeof USERS, next = "/") {
      const client = new CookieClient();
      const { location } = await startLogin(client, next);
      const form = await client.request(location);
      expect(form.status).toBe(200);
      const page = await client.request(new URL("/sso/login", location).href, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          ...Object.fromEntries(
            [...(await form.text()).matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [
              m[1],
              m[2].replace(/&#47;/g, "/"),
            ]),
          ),
          username: USERS[user].username,
          password: USERS[user].password,
        }).toString(),
      });
      const html = await page.text();
      const field = (name: string) =>
        new RegExp(`name="${name}" value="([^"]*)"`)
          .exec(html)![1]
          .replace(/&#(\d+);/g, (_m, c) => String.fromCharCode(Number(c)));
      const answer = await post(client, field("SAMLResponse"), field("RelayState"));
      return { client, answer, samlResponse: field("SAMLResponse") };
    }

    beforeAll(async () => {
      idp = await startSamlIdp(USERS, "boss");
      hub = await startTestHub({
        dialect,
        env: {
          MODELHUB_SAML_IDP_METADATA: idp.metadataUrl,
          MODELHUB_SAML_NAME: "Corp SAML",
          MODELHUB_SSO_GROUP_ROLES: "ml-admins=acme:admin,ml-team=acme:write",
        },
      });
    }, 60_000);
    afterAll(async () => {
      await hub?.stop();
      await idp?.stop();
    });

    it("publishes SP metadata whose entity id is its own URL, with the ACS", async () => {
      const response = await fetch(entityId());
      expect(response.status).toBe(200);
      const xml = await response.text();
      expect(xml).toContain(`entityID="${entityId()}"`);
      expect(xml).toContain(`Location="${acs()}"`);
      expect(await (await fetch(`${hub.url}/api/auth/providers`)).json()).toEqual({
        password: true,
        saml: { name: "Corp SAML", url: "/auth/saml/login" },
      });
    });

    it("signs in through the IdP's form and the POSTed response, in the mapped org", async () => {
      const { client, answer } = await signIn("ivan", "/settings/tokens");
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/settings/tokens");
      const me = await whoami(client);
      expect(me).toMatchObject({ name: "ivan", fullname: "Ivan Ivanov", email: "ivan@corp.example" });
      expect(me!.orgs).toEqual([expect.objectContaining({ name: "acme", roleInOrg: "write" })]);
    });

    it("refuses a replayed response", async () => {
      const { client, answer, samlResponse } = await signIn("ivan");
      expect(answer.status).toBe(303);
      const again = await post(new CookieClient(), samlResponse);
      expect(again.status).toBe(400);
      expect((await again.json()).error).toMatch(/InResponseTo|already used/);
      expect(client).toBeTruthy();
    });

    for (const [mode, reason] of [
      ["unsigned", /signature/i],
      ["wrapping", /signature|assertion/i],
      ["altered-attribute", /signature/i],
      ["wrong-audience", /audience/i],
      ["expired", /expired|NotOnOrAfter|too old|subject confirmation/i],
      ["wrong-recipient", /Recipient/],
      ["wrong-destination", /addressed/],
    ] as const) {
      it(`refuses an attack: ${mode}`, async () => {
        const client = new CookieClient();
        const { requestId } = await startLogin(client);
        const userKey = mode === "wrapping" ? "mallory" : "ivan";
        const samlResponse = await idp.issue({ userKey, requestId, acs: acs(), audience: entityId(), mode });
        const answer = await post(client, samlResponse);
        expect(answer.status).toBe(400);
        expect((await answer.json()).error).toMatch(reason);
        expect(await whoami(client)).toBeUndefined();
      });
    }

    it("refuses an unsolicited response (no request of this hub), an empty post and a non-form body", async () => {
      const samlResponse = await idp.issue({
        userKey: "ivan",
        requestId: "_not-ours",
        acs: acs(),
        audience: entityId(),
      });
      expect((await post(new CookieClient(), samlResponse)).status).toBe(400);
      const empty = await fetch(acs(), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });
      expect(empty.status).toBe(400);
      const json = await fetch(acs(), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      expect(json.status).toBe(415);
    });

    it("a comment inside the signed NameID cannot sign in as someone else", async () => {
      const victim = await signIn("victim");
      expect((await whoami(victim.client))!.name).toBe("victim");
      const client = new CookieClient();
      const { requestId } = await startLogin(client);
      const samlResponse = await idp.issue({
        userKey: "evil",
        requestId,
        acs: acs(),
        audience: entityId(),
        mode: "comment-nameid",
      });
      const answer = await post(client, samlResponse);
      const me = await whoami(client);
      if (answer.status === 303) expect(me!.name).not.toBe("victim");
      else expect(answer.status).toBe(400);
      const identities = await hub.services.hub.db
        .selectFrom("external_identities")
        .select(["subject"])
        .where("provider", "=", "saml")
        .execute();
      expect(identities.map((i) => i.subject)).not.toContain("victim@corp.example<!---->.evil.example");
    });
  },
);
