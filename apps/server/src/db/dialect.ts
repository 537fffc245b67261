/** The SQL dialects the hub runs on. */
export type DialectName = "sqlite" | "postgres";
