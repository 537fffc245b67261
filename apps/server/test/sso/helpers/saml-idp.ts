import { fileURLToPath } from "node:url";
import { startChild, type RunningChild } from "./child-process.js";

export interface SamlUser {
  nameId: string;
  username: string;
  password: string;
  email: string;
  name: string;
  groups?: string[];
}

export interface SamlIdp extends RunningChild<{ metadataUrl: string; base: string }> {
  metadataUrl: string;
  /** A SAMLResponse for a request, made wrong as `mode` says (ok, unsigned, wrapping, …). */
  issue(body: {
    userKey: string;
    requestId: string;
    acs: string;
    audience: string;
    mode?: string;
  }): Promise<string>;
}

const FIXTURE = fileURLToPath(new URL("../fixtures/saml-idp.mjs", import.meta.url));

/** Starts the test SAML IdP (xml-crypto signatures, its own key pair) in its own process. */
export async function startSamlIdp(users: Record<string, SamlUser>, wrapTarget: string): Promise<SamlIdp> {
  const running = await startChild<{ metadataUrl: string; base: string }>(process.execPath, [FIXTURE], {
    IDP_CONFIG: JSON.stringify({ users, wrapTarget }),
  });
  return {
    ...running,
    metadataUrl: running.info.metadataUrl,
    async issue(body) {
      const response = await fetch(`${running.info.base}/control/issue`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`SAML IdP: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { SAMLResponse: string }).SAMLResponse;
    },
  };
}
