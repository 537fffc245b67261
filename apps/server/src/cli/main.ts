#!/usr/bin/env node
import { runTransferCommand } from "../transfer/index.js";
import { stdio } from "./context.js";
import { runMirrorCommand } from "./mirror-pull.js";
import { runScanCommand } from "./scan.js";
import { runQuotaCommand } from "./quota.js";
import { runCli } from "./run.js";

const argv = process.argv.slice(2);
// Transfers are clients of any hub (not this process's config), so they parse their own flags.
const transfer = argv[0] === "upload" || argv[0] === "download" ? argv[0] : undefined;
// What the hub writes (database, repositories, blobs, secrets) is readable by its own user only;
// downloads are the user's files and keep the user's usual permissions.
if (!transfer) process.umask(0o077);
const terminal = {
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: process.stderr.isTTY === true,
  env: process.env,
};
const code = transfer
  ? await runTransferCommand(transfer, argv.slice(1))
  : argv[0] === "mirror"
    ? await runMirrorCommand(argv.slice(1), terminal)
    : argv[0] === "scan"
      ? await runScanCommand(argv.slice(1), terminal)
      : argv[0] === "quota"
        ? await runQuotaCommand(argv.slice(1), terminal)
        : await runCli(argv, process.env, stdio);
if (code !== 0) process.exit(code);
