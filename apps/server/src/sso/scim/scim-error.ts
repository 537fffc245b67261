export const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** SCIM's scimType values (RFC 7644 section 3.12) this hub answers with. */
export type ScimType =
  | "invalidFilter"
  | "uniqueness"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue"
  | "mutability"
  | "tooMany";

/** An error a SCIM route answers in SCIM's error schema (`application/scim+json`). */
export class ScimError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 500 | 501,
    message: string,
    readonly scimType?: ScimType,
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.message,
    };
  }
}
