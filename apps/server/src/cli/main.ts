#!/usr/bin/env node
import { stdio } from "./context.js";

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
// A command's code is imported only when it runs (see run.ts).
async function runCommand(): Promise<number> {
  if (transfer) return (await import("../transfer/index.js")).runTransferCommand(transfer, argv.slice(1));
  switch (argv[0]) {
    case "mirror":
      return (await import("./mirror-pull.js")).runMirrorCommand(argv.slice(1), terminal);
    case "scan":
      return (await import("./scan.js")).runScanCommand(argv.slice(1), terminal);
    case "quota":
      return (await import("./quota.js")).runQuotaCommand(argv.slice(1), terminal);
    default:
      return (await import("./run.js")).runCli(argv, process.env, stdio);
  }
}
const code = await runCommand();
if (code !== 0) process.exit(code);
