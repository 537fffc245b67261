import path from "node:path";
import { fileURLToPath } from "node:url";
import { startChild, type RunningChild } from "./child-process.js";

export interface IdpUser {
  sub: string;
  username: string;
  password: string;
  name?: string;
  email?: string;
  emailVerified?: boolean;
  groups?: string[];
}

export interface OidcIdp extends RunningChild<{ issuer: string; forgeIssuer: string }> {
  issuer: string;
  forgeIssuer: string;
  setUser(name: string, patch: Partial<IdpUser>): Promise<void>;
  forge(settings: { mode?: string; nonce?: string; clientId?: string; sub?: string }): Promise<void>;
}

const FIXTURE = fileURLToPath(new URL("../fixtures/oidc-idp.mjs", import.meta.url));

/** Starts the test OpenID provider (oidc-provider) in its own process, registered for `hubUrl`. */
export async function startOidcIdp(options: {
  hubUrl: string;
  clientId: string;
  clientSecret: string;
  users: Record<string, IdpUser>;
}): Promise<OidcIdp> {
  const clients = [
    {
      client_id: options.clientId,
      client_secret: options.clientSecret,
      redirect_uris: [`${options.hubUrl}/auth/oidc/callback`],
      post_logout_redirect_uris: [`${options.hubUrl}/`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
    {
      client_id: "other-client",
      client_secret: "other-secret-other-secret-other-secret",
      redirect_uris: [`${options.hubUrl}/auth/oidc/callback`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ];
  const running = await startChild<{ issuer: string; forgeIssuer: string }>(process.execPath, [FIXTURE], {
    IDP_CONFIG: JSON.stringify({ clients, users: options.users }),
    NODE_PATH: path.resolve(path.dirname(FIXTURE), "../../../node_modules"),
  });
  const post = async (url: string, body: unknown) => {
    const response = await fetch(url, { method: "POST", body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`IdP control ${url}: ${response.status}`);
  };
  return {
    ...running,
    issuer: running.info.issuer,
    forgeIssuer: running.info.forgeIssuer,
    setUser: (name, patch) => post(`${running.info.issuer}/control/users/${encodeURIComponent(name)}`, patch),
    forge: (settings) => post(`${running.info.forgeIssuer}/control/forge`, settings),
  };
}
