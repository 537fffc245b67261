import fs from "node:fs/promises";
import { elements, parseXml, XmlParseError } from "./xml.js";
import type { CacheProvider, Profile, SAML } from "@node-saml/node-saml";

/** The SAML library, loaded on the first SAML sign-in: a hub without SAML does not pay for it at start. */
const samlLibrary = () => import("@node-saml/node-saml");
import type { SamlSettings } from "./settings.js";
import type { SignInFlows } from "./flows.js";
import { attributeLists, firstString, stringList, type ProviderProfile } from "./profile.js";

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const PROTOCOL = "urn:oasis:names:tc:SAML:2.0:protocol";
const ASSERTION = "urn:oasis:names:tc:SAML:2.0:assertion";
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const REQUEST_KIND = "saml-request";
const ASSERTION_KIND = "saml-assertion";
/** Time a person has at the IdP between the button and the answer. */
const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Assertion ids are kept at least as long as an assertion may be accepted. */
const ASSERTION_MEMORY_MS = 60 * 60 * 1000;
const CLOCK_SKEW_MS = 60_000;
const MAX_ASSERTION_AGE_MS = 10 * 60 * 1000;
const METADATA_REFRESH_MS = 60 * 60 * 1000;

export class SamlSignInError extends Error {}

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/** The IdP's entity id, HTTP-Redirect sign-in URL and signing certificates, from its metadata XML. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  let doc;
  try {
    doc = parseXml(xml);
  } catch (err) {
    throw new SamlSignInError(`The SAML IdP metadata is not valid XML: ${(err as Error).message}`);
  }
  const descriptor = elements(doc, MD, "EntityDescriptor")[0];
  const idp = elements(doc, MD, "IDPSSODescriptor")[0];
  if (!descriptor || !idp)
    throw new SamlSignInError("The SAML IdP metadata has no EntityDescriptor with an IDPSSODescriptor");
  const entityId = descriptor.getAttribute("entityID") ?? "";
  const services = elements(idp, MD, "SingleSignOnService");
  const ssoUrl = services
    .find((s) => s.getAttribute("Binding") === REDIRECT_BINDING)
    ?.getAttribute("Location");
  if (!entityId || !ssoUrl)
    throw new SamlSignInError(
      "The SAML IdP metadata needs an entityID and an HTTP-Redirect SingleSignOnService",
    );
  const certificates = elements(idp, MD, "KeyDescriptor")
    .filter((key) => (key.getAttribute("use") || "signing") === "signing")
    .flatMap((key) => elements(key, DS, "X509Certificate"))
    .map((cert) => (cert.textContent ?? "").replace(/\s+/g, ""))
    .filter((cert) => cert !== "");
  if (certificates.length === 0)
    throw new SamlSignInError("The SAML IdP metadata has no signing certificate");
  return { entityId, ssoUrl, certificates };
}

/** node-saml's request-id cache, in the database so any replica can finish the flow. */
function cacheIn(flows: SignInFlows): CacheProvider {
  return {
    async saveAsync(key, value) {
      await flows.put(REQUEST_KIND, key, value, REQUEST_TTL_MS);
      return { value, createdAt: Date.now() };
    },
    async getAsync(key) {
      return (await flows.peek<string>(REQUEST_KIND, key)) ?? null;
    },
    async removeAsync(key) {
      if (!key) return null;
      return (await flows.take<string>(REQUEST_KIND, key)) ?? null;
    },
  };
}

/**
 * SAML 2.0 service provider (@node-saml/node-saml): SP-initiated sign-in with an HTTP-Redirect
 * AuthnRequest, an HTTP-POST Response at the ACS. The library checks the XML signature (of the
 * response or the assertion, both required here to be by the IdP's metadata certificate), the
 * audience, the time window and InResponseTo (a request this hub made, used once). On top of it this
 * class checks the Destination and the SubjectConfirmation Recipient against the ACS URL and refuses
 * an assertion id it has seen before.
 */
export class SamlSignIn {
  private metadata?: { value: Promise<IdpMetadata>; at: number };

  constructor(
    readonly settings: SamlSettings,
    private readonly flows: SignInFlows,
    private readonly now: () => number = Date.now,
  ) {}

  private idp(): Promise<IdpMetadata> {
    if (this.metadata && this.now() - this.metadata.at < METADATA_REFRESH_MS) return this.metadata.value;
    const value = this.loadMetadata();
    this.metadata = { value, at: this.now() };
    value.catch(() => (this.metadata = undefined));
    return value;
  }

  private async loadMetadata(): Promise<IdpMetadata> {
    const source = this.settings.idpMetadata;
    let xml: string;
    try {
      if (/^https?:\/\//i.test(source)) {
        const response = await fetch(source, { signal: AbortSignal.timeout(10_000) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        xml = await response.text();
      } else xml = await fs.readFile(source, "utf8");
    } catch (err) {
      throw new SamlSignInError(
        `The SAML IdP metadata at ${source} could not be read: ${(err as Error).message}`,
      );
    }
    return parseIdpMetadata(xml);
  }

  private async saml(spEntityId: string, acsUrl: string): Promise<SAML> {
    const idp = await this.idp();
    const { SAML, ValidateInResponseTo } = await samlLibrary();
    return new SAML({
      entryPoint: idp.ssoUrl,
      issuer: spEntityId,
      callbackUrl: acsUrl,
      audience: spEntityId,
      idpCert: idp.certificates.map((c) => `-----BEGIN CERTIFICATE-----\n${c}\n-----END CERTIFICATE-----`),
      idpIssuer: idp.entityId,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: REQUEST_TTL_MS,
      cacheProvider: cacheIn(this.flows),
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      signatureAlgorithm: "sha256",
    });
  }

  /** SP metadata for the IdP's administrator (entity id = the metadata URL). */
  async spMetadata(spEntityId: string, acsUrl: string): Promise<string> {
    // the SP metadata does not depend on the IdP's: build it even when the IdP is unreachable
    const { SAML } = await samlLibrary();
    const saml = new SAML({
      issuer: spEntityId,
      callbackUrl: acsUrl,
      idpCert: "unused",
      wantAssertionsSigned: true,
      identifierFormat: null,
    });
    return saml.generateServiceProviderMetadata(null);
  }

  /** The IdP URL that starts a sign-in (an AuthnRequest this hub remembers by its id). */
  async start(spEntityId: string, acsUrl: string, relayState: string): Promise<string> {
    const saml = await this.saml(spEntityId, acsUrl);
    return saml.getAuthorizeUrlAsync(relayState, undefined, {});
  }

  /** Validates the POSTed SAMLResponse; returns the profile and the RelayState. */
  async finish(
    spEntityId: string,
    acsUrl: string,
    form: { SAMLResponse?: string; RelayState?: string },
  ): Promise<{ profile: ProviderProfile; relayState: string }> {
    if (!form.SAMLResponse) throw new SamlSignInError("The POST carries no SAMLResponse");
    const saml = await this.saml(spEntityId, acsUrl);
    let result: { profile: Profile | null; loggedOut: boolean };
    try {
      result = await saml.validatePostResponseAsync({
        SAMLResponse: form.SAMLResponse,
        RelayState: form.RelayState ?? "",
      });
    } catch (err) {
      throw new SamlSignInError(`The SAML response was refused: ${(err as Error).message}`);
    }
    const profile = result.profile;
    if (!profile || result.loggedOut) throw new SamlSignInError("The SAML response signs nobody in");
    this.checkAddressedHere(form.SAMLResponse, profile, acsUrl);
    const assertionId = assertionIdOf(profile);
    if (!assertionId || !(await this.flows.claimOnce(ASSERTION_KIND, assertionId, ASSERTION_MEMORY_MS)))
      throw new SamlSignInError("The SAML response was refused: this assertion was already used");
    return { profile: this.toProfile(profile), relayState: form.RelayState ?? "" };
  }

  /** Destination of the response and Recipient of the signed assertion must be this ACS. */
  private checkAddressedHere(encoded: string, profile: Profile, acsUrl: string): void {
    let response;
    try {
      response = elements(parseXml(Buffer.from(encoded, "base64").toString("utf8")), PROTOCOL, "Response")[0];
    } catch (err) {
      if (err instanceof XmlParseError)
        throw new SamlSignInError(`The SAML response was refused: ${err.message}`);
      throw err;
    }
    const destination = response?.getAttribute("Destination");
    if (destination && destination !== acsUrl)
      throw new SamlSignInError(
        `The SAML response was refused: it is addressed to ${destination}, not to ${acsUrl}`,
      );
    const assertion = parseXml(profile.getAssertionXml?.() ?? "<none/>");
    const confirmations = elements(assertion, ASSERTION, "SubjectConfirmationData");
    const recipients = confirmations.map((data) => data.getAttribute("Recipient"));
    if (recipients.length === 0 || recipients.some((recipient) => recipient !== acsUrl))
      throw new SamlSignInError("The SAML response was refused: its Recipient is not this hub's ACS URL");
  }

  private toProfile(profile: Profile): ProviderProfile {
    const s = this.settings;
    const attributes = attributeLists((profile.attributes ?? {}) as Record<string, unknown>);
    const nameId = profile.nameID;
    if (!nameId) throw new SamlSignInError("The SAML assertion has no NameID");
    return {
      provider: "saml",
      subject: nameId,
      username: firstString(attributes[s.usernameAttribute], nameId),
      email: firstString(attributes[s.emailAttribute], profile.email, profile.mail),
      // the IdP's signed assertion vouches for the address
      emailVerified: firstString(attributes[s.emailAttribute], profile.email, profile.mail) !== undefined,
      fullname: firstString(attributes[s.nameAttribute]),
      groups: stringList(attributes[s.groupsAttribute]),
      attributes,
    };
  }
}

function assertionIdOf(profile: Profile): string | undefined {
  const doc = parseXml(profile.getAssertionXml?.() ?? "<none/>");
  return elements(doc, ASSERTION, "Assertion")[0]?.getAttribute("ID") ?? undefined;
}
