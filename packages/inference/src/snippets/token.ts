import { jsString, pyString } from "@modelhub/tasks";
import { logError } from "../log.js";
import { shWord } from "./shell-word.js";

/** Where a snippet takes its token from: written literally, or read from an environment variable. */
export type TokenSource = { kind: "literal"; value: string } | { kind: "env"; name: string };

/** `<PROVIDER>_API_KEY`, every character that cannot appear in a variable name turned into `_`. */
export function providerKeyVariable(provider: string): string {
  return `${provider.toUpperCase().replace(/[^A-Z0-9_]/g, "_")}_API_KEY`;
}

/** A name that can be written bare after `os.environ[…]`, `process.env.` and `$` without quoting. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function chooseTokenSource(options: {
  accessToken?: string;
  endpointUrl?: string;
  tokenVariable?: string;
  direct: boolean;
  provider: string;
}): TokenSource {
  if (options.accessToken !== undefined) return { kind: "literal", value: options.accessToken };
  if (options.tokenVariable !== undefined) {
    if (VARIABLE_NAME.test(options.tokenVariable)) return { kind: "env", name: options.tokenVariable };
    logError(
      `Ignoring tokenVariable ${JSON.stringify(options.tokenVariable)}: not an environment variable name`,
    );
  }
  if (options.endpointUrl) return { kind: "env", name: "API_TOKEN" };
  if (!options.direct || options.provider === "hf-inference" || options.provider === "auto") {
    return { kind: "env", name: "HF_TOKEN" };
  }
  return { kind: "env", name: providerKeyVariable(options.provider) };
}

/** Python expression holding the token. */
export function pyToken(token: TokenSource): string {
  return token.kind === "literal" ? pyString(token.value) : `os.environ[${pyString(token.name)}]`;
}

/** Python expression for an Authorization header value. */
export function pyAuthorization(scheme: string, token: TokenSource): string {
  if (token.kind === "literal") return pyString(`${scheme} ${token.value}`);
  return `f"${scheme} {os.environ['${token.name}']}"`;
}

/** JavaScript expression holding the token. */
export function jsToken(token: TokenSource): string {
  return token.kind === "literal" ? jsString(token.value) : `process.env.${token.name}`;
}

/** JavaScript expression for an Authorization header value. */
export function jsAuthorization(scheme: string, token: TokenSource): string {
  if (token.kind === "literal") return jsString(`${scheme} ${token.value}`);
  return `\`${scheme} \${process.env.${token.name}}\``;
}

/** Shell word for an Authorization header (double quotes only around a variable to expand). */
export function shAuthorization(scheme: string, token: TokenSource): string {
  if (token.kind === "literal") return shWord(`Authorization: ${scheme} ${token.value}`);
  return `"Authorization: ${scheme} $${token.name}"`;
}
