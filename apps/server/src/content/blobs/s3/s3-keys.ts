import { isSha256 } from "../blob-store.js";

/**
 * The key layout under the configured prefix:
 *   objects/<oid>          verified objects, the only keys downloads are signed for
 *   staging/<scope>/<oid>  presigned uploads of one repository, waiting to be checked
 *   touched/<oid>          empty markers whose write time says "in use" (S3 has no utimes)
 */
export class S3Keys {
  private readonly base: string;

  constructor(prefix: string) {
    this.base = prefix === "" ? "" : `${prefix}/`;
  }

  get objectsPrefix(): string {
    return `${this.base}objects/`;
  }

  get stagingPrefix(): string {
    return `${this.base}staging/`;
  }

  object(oid: string): string {
    return `${this.objectsPrefix}${checked(oid)}`;
  }

  staging(scope: string, oid: string): string {
    if (!/^[0-9a-f]{1,64}$/.test(scope)) throw new Error(`Not a staging scope: ${scope}`);
    return `${this.stagingPrefix}${scope}/${checked(oid)}`;
  }

  touched(oid: string): string {
    return `${this.base}touched/${checked(oid)}`;
  }

  /** The oid of an `objects/` key, or undefined for anything else. */
  oidOf(key: string): string | undefined {
    if (!key.startsWith(this.objectsPrefix)) return undefined;
    const oid = key.slice(this.objectsPrefix.length);
    return isSha256(oid) ? oid : undefined;
  }
}

function checked(oid: string): string {
  if (!isSha256(oid)) throw new Error(`Not a sha256 oid: ${oid}`);
  return oid;
}
