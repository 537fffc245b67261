import type { Kysely } from "kysely";
import type { ConversionStatus } from "@modelhub/api-types";
import type { Database } from "../db/schema.js";
import type { ConversionReport } from "./report.js";

export type ConversionState = ConversionStatus["state"];

export interface ConversionRecord {
  repoId: string;
  sourceCommit: string;
  state: ConversionState;
  parquetCommit: string | null;
  report: ConversionReport | null;
  error: string | null;
  updatedAt: string;
}

/** The `dataset_conversions` rows: one per dataset, the latest conversion's state and report. */
export class ConversionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async get(repoId: string): Promise<ConversionRecord | undefined> {
    const row = await this.db
      .selectFrom("dataset_conversions")
      .selectAll()
      .where("repo_id", "=", repoId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      repoId: row.repo_id,
      sourceCommit: row.source_commit,
      state: row.state as ConversionState,
      parquetCommit: row.parquet_commit,
      report: row.report ? (JSON.parse(row.report) as ConversionReport) : null,
      error: row.error,
      updatedAt: row.updated_at,
    };
  }

  /** A new state for the dataset; a report and Parquet commit are kept unless replaced. */
  async set(
    repoId: string,
    update: {
      sourceCommit: string;
      state: ConversionState;
      parquetCommit?: string | null;
      report?: ConversionReport | null;
      error?: string | null;
    },
  ): Promise<void> {
    const values = {
      source_commit: update.sourceCommit,
      state: update.state,
      error: update.error ?? null,
      updated_at: new Date().toISOString(),
      ...(update.parquetCommit !== undefined ? { parquet_commit: update.parquetCommit } : {}),
      ...(update.report !== undefined
        ? { report: update.report === null ? null : JSON.stringify(update.report) }
        : {}),
    };
    await this.db
      .insertInto("dataset_conversions")
      .values({ repo_id: repoId, parquet_commit: null, report: null, ...values })
      .onConflict((conflict) => conflict.column("repo_id").doUpdateSet(values))
      .execute();
  }

  async remove(repoId: string): Promise<void> {
    await this.db.deleteFrom("dataset_conversions").where("repo_id", "=", repoId).execute();
  }
}
