import { ConfigError, resolveConfig, type Config, type Env } from "../config/config.js";
import { parseArgs } from "../config/args.js";
import { DatabaseUnreachableError } from "../db/open-database.js";
import { DataDirError } from "../platform/data-dir.js";
import { HubNotFoundError } from "./hub-target.js";
import { PortInUseError } from "../server.js";
import type { Output } from "./context.js";
import { orgCommand, repeatedFlag } from "./org.js";
import { seedCommand } from "./seed.js";
import { gcCommand } from "./gc.js";
import { fsckCommand } from "./fsck.js";
import { migrateBlobsCommand } from "./migrate-blobs.js";
import { backupCommand, restoreCommand } from "./backup.js";
import { serveCommand } from "./serve.js";
import { snippetsCommand } from "./snippets.js";
import { tokenCreateCommand, UsageError } from "./token-create.js";
import { USAGE } from "./usage.js";
import { GcBusyError } from "../maintenance/gc/gc-lock.js";
import { auditCommand } from "./audit.js";
import { commandAuditContext, runWithAuditContext } from "../audit/context.js";

function optionalString(value: string | boolean | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Runs one command; returns the exit code (serve keeps running and returns 0 once started). */
export async function runCli(argv: string[], env: Env, io: Output): Promise<number> {
  const { positionals, flags } = parseArgs(argv);
  const [command = "serve", ...rest] = positionals;
  if (flags.help || command === "help") {
    io.out(USAGE);
    return 0;
  }
  try {
    const config = resolveConfig(flags, env);
    if (command === "serve") {
      await serveCommand(config);
      return 0;
    }
    // what a command changes is recorded in the audit log as the hub's own act, from this machine's account
    return await runWithAuditContext(commandAuditContext(command), () =>
      runCommand(command, rest, argv, flags, env, config, io),
    );
  } catch (err) {
    if (
      err instanceof ConfigError ||
      err instanceof UsageError ||
      err instanceof PortInUseError ||
      err instanceof DataDirError ||
      err instanceof HubNotFoundError ||
      err instanceof DatabaseUnreachableError ||
      err instanceof GcBusyError
    ) {
      io.err(`modelhub: ${err.message}`);
      return err instanceof UsageError ? 2 : 1;
    }
    io.err(`modelhub: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  }
}

async function runCommand(
  command: string,
  rest: string[],
  argv: string[],
  flags: ReturnType<typeof parseArgs>["flags"],
  env: Env,
  config: Config,
  io: Output,
): Promise<number> {
  switch (command) {
    case "token":
      if (rest[0] !== "create")
        throw new UsageError("unknown token command; use: modelhub token create <user> [--write]");
      await tokenCreateCommand(
        config,
        {
          user: rest[1],
          write: flags.write === true,
          name: optionalString(flags.name),
          password: optionalString(flags.password),
        },
        io,
      );
      return 0;
    case "org":
      return await orgCommand(
        config,
        {
          words: rest,
          fullname: optionalString(flags.fullname),
          role: optionalString(flags.role),
          members: repeatedFlag(argv, "member"),
        },
        io,
      );
    case "snippets":
      return await snippetsCommand(
        config,
        {
          modelId: rest[0],
          provider: optionalString(flags.provider),
          language: optionalString(flags.language),
          client: optionalString(flags.client),
          stream: flags.stream === true,
          json: flags.json === true,
        },
        io,
      );
    case "gc":
      return await gcCommand(
        config,
        { dryRun: flags["dry-run"] === true, graceHours: optionalString(flags["grace-hours"]) },
        io,
        process.stderr.isTTY === true,
      );
    case "migrate-blobs":
      return await migrateBlobsCommand(
        config,
        env,
        { to: optionalString(flags.to), workers: optionalString(flags.workers) },
        io,
        process.stderr.isTTY === true,
      );
    case "fsck":
      return await fsckCommand(config, flags.repair === true, io, process.stderr.isTTY === true);
    case "backup":
      return await backupCommand(config, rest[0], io, process.stderr.isTTY === true);
    case "restore":
      return await restoreCommand(config, rest[0], io);
    case "seed":
      await seedCommand(config, { reset: flags.reset === true }, io);
      return 0;
    case "audit":
      return await auditCommand(config, { words: rest, days: optionalString(flags.days) }, io);
    default:
      throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  }
}
