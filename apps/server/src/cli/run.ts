import { ConfigError, resolveConfig, type Config, type Env } from "../config/config.js";
import { parseArgs } from "../config/args.js";
import { DatabaseUnreachableError } from "../db/open-database.js";
import { DataDirError } from "../platform/data-dir.js";
import { HubNotFoundError } from "./hub-target.js";
import { PortInUseError } from "../net/port-in-use-error.js";
import type { Output } from "./context.js";
import { UsageError } from "./usage-error.js";
import { USAGE } from "./usage.js";
import { GcBusyError } from "../maintenance/gc/gc-lock.js";
import { commandAuditContext, runWithAuditContext } from "../audit/context.js";

// Each command's module is imported when that command runs: `serve` alone loads the whole hub (~1.3 s),
// which a `token create` or `org` run has no use for.

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
      const { serveCommand } = await import("./serve.js");
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
    case "token": {
      if (rest[0] !== "create")
        throw new UsageError("unknown token command; use: modelhub token create <user> [--write]");
      const { tokenCreateCommand } = await import("./token-create.js");
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
    }
    case "org": {
      const { orgCommand, repeatedFlag } = await import("./org.js");
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
    }
    case "snippets": {
      const { snippetsCommand } = await import("./snippets.js");
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
    }
    case "gc": {
      const { gcCommand } = await import("./gc.js");
      return await gcCommand(
        config,
        { dryRun: flags["dry-run"] === true, graceHours: optionalString(flags["grace-hours"]) },
        io,
        process.stderr.isTTY === true,
      );
    }
    case "migrate-blobs": {
      const { migrateBlobsCommand } = await import("./migrate-blobs.js");
      return await migrateBlobsCommand(
        config,
        env,
        { to: optionalString(flags.to), workers: optionalString(flags.workers) },
        io,
        process.stderr.isTTY === true,
      );
    }
    case "fsck": {
      const { fsckCommand } = await import("./fsck.js");
      return await fsckCommand(config, flags.repair === true, io, process.stderr.isTTY === true);
    }
    case "backup": {
      const { backupCommand } = await import("./backup.js");
      return await backupCommand(config, rest[0], io, process.stderr.isTTY === true);
    }
    case "restore": {
      const { restoreCommand } = await import("./backup.js");
      return await restoreCommand(config, rest[0], io);
    }
    case "seed": {
      const { seedCommand } = await import("./seed.js");
      await seedCommand(config, { reset: flags.reset === true }, io);
      return 0;
    }
    case "audit": {
      const { auditCommand } = await import("./audit.js");
      return await auditCommand(config, { words: rest, days: optionalString(flags.days) }, io);
    }
    default:
      throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  }
}
