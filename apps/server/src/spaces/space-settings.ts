import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { auditSecretOf } from "../audit/secret.js";
import { recordAuditEvent } from "../audit/record.js";
import { nowIso } from "../domain/ids.js";
import type { RepoRow } from "../platform/repos.js";
import { badRequest, conflict, notFound } from "../domain/errors.js";

/** An environment variable name, as the Hub accepts them for Space secrets and variables. */
const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
export const MAX_SPACE_VALUE_BYTES = 64 * 1024;
const MAX_DESCRIPTION_CHARS = 1000;
const MAX_ENTRIES = 100;

export interface SpaceVariableView {
  value: string;
  description?: string;
  updatedAt: string;
}

export interface SpaceSecretView {
  key: string;
  description?: string;
  updatedAt: string;
}

export interface SpaceEntryInput {
  key: string;
  value: string;
  description?: string | null;
}

type Kind = "secret" | "variable";

function checkKey(key: string): void {
  if (!KEY.test(key))
    throw badRequest(
      `"${key.slice(0, 100)}" is not a valid key: letters, digits and _, not starting with a digit, at most 100 characters`,
    );
}

function checkEntry(entry: SpaceEntryInput): void {
  checkKey(entry.key);
  if (Buffer.byteLength(entry.value, "utf8") > MAX_SPACE_VALUE_BYTES)
    throw badRequest(`The value of ${entry.key} is longer than ${MAX_SPACE_VALUE_BYTES} bytes`);
  if (entry.value.includes("\0")) throw badRequest(`The value of ${entry.key} holds a NUL character`);
  if ((entry.description ?? "").length > MAX_DESCRIPTION_CHARS)
    throw badRequest(`The description is longer than ${MAX_DESCRIPTION_CHARS} characters`);
}

/** The AES key of Space secrets: derived from the data folder's key, so a database dump alone reveals no value. */
function sealingKey(db: Kysely<Database>): Buffer {
  return Buffer.from(hkdfSync("sha256", auditSecretOf(db), Buffer.alloc(0), "modelhub space secrets", 32));
}

function seal(db: Kysely<Database>, repoId: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(db), iv);
  cipher.setAAD(Buffer.from(repoId));
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** The value of a sealed secret (for a Space runtime; the API never answers it). */
export function unsealSpaceSecret(db: Kysely<Database>, repoId: string, sealed: string): string {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", sealingKey(db), iv);
  decipher.setAAD(Buffer.from(repoId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

/**
 * A Space's secrets and variables, at the Hub's routes. A key is either a secret or a variable, never
 * both. Every change is audited in its transaction, naming the key, never the value of a secret.
 */
export class SpaceSettings {
  constructor(private readonly db: Kysely<Database>) {}

  async variables(repoId: string): Promise<Record<string, SpaceVariableView>> {
    const rows = await this.db
      .selectFrom("space_variables")
      .selectAll()
      .where("repo_id", "=", repoId)
      .orderBy("key")
      .execute();
    return Object.fromEntries(
      rows.map((row) => [
        row.key,
        {
          value: row.value,
          ...(row.description ? { description: row.description } : {}),
          updatedAt: row.updated_at,
        },
      ]),
    );
  }

  async secrets(repoId: string): Promise<SpaceSecretView[]> {
    const rows = await this.db
      .selectFrom("space_secrets")
      .select(["key", "description", "updated_at"])
      .where("repo_id", "=", repoId)
      .orderBy("key")
      .execute();
    return rows.map((row) => ({
      key: row.key,
      ...(row.description ? { description: row.description } : {}),
      updatedAt: row.updated_at,
    }));
  }

  setVariable(repo: RepoRow, entry: SpaceEntryInput): Promise<void> {
    checkEntry(entry);
    return this.put(repo, "variable", entry, entry.value);
  }

  setSecret(repo: RepoRow, entry: SpaceEntryInput): Promise<void> {
    checkEntry(entry);
    return this.put(repo, "secret", entry, undefined);
  }

  deleteVariable(repo: RepoRow, key: string): Promise<void> {
    return this.remove(repo, "variable", key);
  }

  deleteSecret(repo: RepoRow, key: string): Promise<void> {
    return this.remove(repo, "secret", key);
  }

  private async put(
    repo: RepoRow,
    kind: Kind,
    entry: SpaceEntryInput,
    plain: string | undefined,
  ): Promise<void> {
    const table = kind === "secret" ? "space_secrets" : "space_variables";
    const other = kind === "secret" ? "space_variables" : "space_secrets";
    await this.db.transaction().execute(async (trx) => {
      const clash = await trx
        .selectFrom(other)
        .select("key")
        .where("repo_id", "=", repo.id)
        .where("key", "=", entry.key)
        .executeTakeFirst();
      if (clash)
        throw conflict(
          `${entry.key} is already a ${kind === "secret" ? "variable" : "secret"} of this Space: delete it first`,
        );
      const existing = await trx
        .selectFrom(table)
        .select("key")
        .where("repo_id", "=", repo.id)
        .where("key", "=", entry.key)
        .executeTakeFirst();
      if (!existing) await this.checkRoom(trx, repo.id);
      const updatedAt = nowIso();
      const description = entry.description?.trim() || null;
      if (kind === "secret") {
        const sealed = seal(trx, repo.id, entry.value);
        await trx
          .insertInto("space_secrets")
          .values({
            repo_id: repo.id,
            key: entry.key,
            sealed_value: sealed,
            description,
            updated_at: updatedAt,
          })
          .onConflict((oc) =>
            oc
              .columns(["repo_id", "key"])
              .doUpdateSet({ sealed_value: sealed, description, updated_at: updatedAt }),
          )
          .execute();
      } else {
        const value = plain ?? "";
        await trx
          .insertInto("space_variables")
          .values({ repo_id: repo.id, key: entry.key, value, description, updated_at: updatedAt })
          .onConflict((oc) =>
            oc.columns(["repo_id", "key"]).doUpdateSet({ value, description, updated_at: updatedAt }),
          )
          .execute();
      }
      await recordAuditEvent(trx, {
        type: kind === "secret" ? "repo.secret_set" : "repo.variable_set",
        namespace: repo.owner,
        data: {
          repo: { type: "space", id: repo.full_id },
          key: entry.key,
          created: !existing,
        },
      });
    });
  }

  private async remove(repo: RepoRow, kind: Kind, key: string): Promise<void> {
    checkKey(key);
    const table = kind === "secret" ? "space_secrets" : "space_variables";
    await this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom(table)
        .where("repo_id", "=", repo.id)
        .where("key", "=", key)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound(`${repo.full_id} has no ${kind} named ${key}`);
      await recordAuditEvent(trx, {
        type: kind === "secret" ? "repo.secret_delete" : "repo.variable_delete",
        namespace: repo.owner,
        data: { repo: { type: "space", id: repo.full_id }, key },
      });
    });
  }

  private async checkRoom(trx: Transaction<Database>, repoId: string): Promise<void> {
    const count = async (table: "space_secrets" | "space_variables") =>
      Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .where("repo_id", "=", repoId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    if ((await count("space_secrets")) + (await count("space_variables")) >= MAX_ENTRIES)
      throw badRequest(`A Space holds at most ${MAX_ENTRIES} secrets and variables together`);
  }
}
