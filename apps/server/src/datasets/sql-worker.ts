/**
 * A SQL console process (see `SqlSandbox`): runs the hub's queries one at a time, each in its own DuckDB
 * instance, and answers each with its JSON text or a refusal. It stops when the hub goes away.
 */
import { runSqlJob, type SqlJob } from "./sql-console.js";

process.on("disconnect", () => process.exit(0));
process.on("message", (message: { id: number; job: SqlJob }) => {
  void runSqlJob(message.job).then((outcome) => process.send?.({ id: message.id, ...outcome }));
});
process.send?.({ ready: true });
