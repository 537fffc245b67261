import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type SchemaMetadata,
  type TableMetadata,
} from "kysely";

type AnyKysely = Parameters<PostgresDialect["createIntrospector"]>[0];

/**
 * Kysely's PostgreSQL introspector reads the tables and columns of every schema in the database, and its
 * migrator asks it twice per start whether its own two bookkeeping tables exist. On a database shared by
 * many schemas (parallel test runs, several hubs) that is most of a start's migration time, and it fails
 * when another schema is dropped under it. The hub only ever needs its own schema: the connection's
 * `current_schema()`, where its unqualified tables are created. Columns are not read (nothing asks).
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: AnyKysely) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows.map((row) => ({ name: row.name }));
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')`.execute(this.db);
    return rows.map((row) => ({
      name: row.name,
      schema: row.schema,
      isView: row.kind === "v" || row.kind === "m",
      columns: [],
    }));
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL as kysely speaks it, with introspection limited to the hub's own schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: AnyKysely): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
