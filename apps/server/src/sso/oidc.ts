import * as client from "openid-client";
import type { OidcSettings } from "./settings.js";
import { attributeLists, firstString, stringList, type ProviderProfile } from "./profile.js";
import type { SignInFlows } from "./flows.js";

const FLOW_KIND = "oidc";
/** Time a person has at the identity provider between the button and the callback. */
const FLOW_TTL_MS = 10 * 60 * 1000;
const DISCOVERY_RETRY_MS = 30_000;

interface PendingLogin {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
  redirectUri: string;
}

export class OidcSignInError extends Error {}

/**
 * OpenID Connect relying party (openid-client, a certified RP library): discovery from the issuer,
 * authorization code flow with PKCE (S256), `state` and `nonce`. The library checks the ID token's
 * signature (never `alg: none`), `iss`, `aud`, `azp`, `exp`, `iat` and `nonce`.
 */
export class OidcSignIn {
  private configuration?: Promise<client.Configuration>;
  private failedAt = 0;

  constructor(
    readonly settings: OidcSettings,
    private readonly flows: SignInFlows,
  ) {}

  /** Discovery runs once (again after a failure, at most every 30 s). */
  private config(): Promise<client.Configuration> {
    if (this.configuration && !(this.failedAt && Date.now() - this.failedAt > DISCOVERY_RETRY_MS))
      return this.configuration;
    this.failedAt = 0;
    const issuer = new URL(this.settings.issuer);
    const insecure = issuer.protocol === "http:";
    const auth = this.settings.clientSecret
      ? client.ClientSecretBasic(this.settings.clientSecret)
      : client.None();
    const started = client
      .discovery(issuer, this.settings.clientId, this.settings.clientSecret, auth, {
        // plain http only when the issuer itself is http (a development IdP); https otherwise. ID token
        // signatures are verified against the IdP's JWKS even though the token came straight from it.
        execute: insecure
          ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
          : [client.enableNonRepudiationChecks],
        timeout: 10,
      })
      .catch((err: unknown) => {
        this.failedAt = Date.now();
        throw new OidcSignInError(
          `The identity provider at ${this.settings.issuer} could not be reached for discovery: ${(err as Error).message}`,
        );
      });
    this.configuration = started;
    return started;
  }

  /** The IdP's authorization URL for a new sign-in; the flow is remembered under the returned id. */
  async start(redirectUri: string, next: string): Promise<{ flowId: string; url: string }> {
    const config = await this.config();
    const verifier = client.randomPKCECodeVerifier();
    const pending: PendingLogin = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier,
      next,
      redirectUri,
    };
    const flowId = this.flows.newId();
    await this.flows.put(FLOW_KIND, flowId, pending, FLOW_TTL_MS);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state: pending.state,
      nonce: pending.nonce,
    });
    return { flowId, url: url.href };
  }

  /**
   * Finishes the flow this browser began (`flowId` from its cookie): checks `state`, exchanges the code
   * with the PKCE verifier, validates the ID token, and reads the profile (claims, then userinfo).
   */
  async finish(
    flowId: string | undefined,
    callbackUrl: URL,
  ): Promise<{ profile: ProviderProfile; next: string; idToken?: string }> {
    const error = callbackUrl.searchParams.get("error");
    if (error) {
      const description = callbackUrl.searchParams.get("error_description");
      throw new OidcSignInError(`The identity provider refused the sign-in: ${description ?? error}`);
    }
    const pending = flowId ? await this.flows.take<PendingLogin>(FLOW_KIND, flowId) : undefined;
    if (!pending)
      throw new OidcSignInError(
        "This sign-in link is unknown, already used or expired (or cookies are blocked): start again",
      );
    if (callbackUrl.searchParams.get("state") !== pending.state)
      throw new OidcSignInError(
        "The sign-in answer does not belong to this browser's sign-in (state mismatch)",
      );
    const config = await this.config();
    // the library compares this URL's origin and path with the redirect_uri it sent
    const current = new URL(pending.redirectUri);
    current.search = callbackUrl.search;
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw new OidcSignInError(`The sign-in answer was refused: ${(err as Error).message}`);
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcSignInError("The identity provider sent no ID token");
    let merged: Record<string, unknown> = { ...claims };
    try {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      merged = { ...info, ...claims };
    } catch {
      // a provider without userinfo (or a token without its scope): the ID token's claims are enough
    }
    const s = this.settings;
    const profile: ProviderProfile = {
      provider: "oidc",
      subject: claims.sub,
      username: firstString(merged[s.usernameClaim], merged.preferred_username, merged.email),
      email: firstString(merged.email),
      emailVerified: merged.email_verified === true || merged.email_verified === "true",
      fullname: firstString(
        merged.name,
        [firstString(merged.given_name), firstString(merged.family_name)].filter(Boolean).join(" "),
      ),
      groups: stringList(merged[s.groupsClaim]),
      attributes: attributeLists(merged),
    };
    return { profile, next: pending.next, idToken: tokens.id_token };
  }

  /** The IdP's end-session URL when it offers RP-initiated logout, else undefined. */
  async logoutUrl(idToken: string | undefined, postLogoutRedirect: string): Promise<string | undefined> {
    const config = await this.config().catch(() => undefined);
    if (!config?.serverMetadata().end_session_endpoint) return undefined;
    const params: Record<string, string> = {
      client_id: this.settings.clientId,
      post_logout_redirect_uri: postLogoutRedirect,
    };
    if (idToken) params.id_token_hint = idToken;
    return client.buildEndSessionUrl(config, params).href;
  }
}
