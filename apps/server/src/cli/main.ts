#!/usr/bin/env node
import { runTransferCommand } from "../transfer/index.js";
import { stdio } from "./context.js";
import { runCli } from "./run.js";

const argv = process.argv.slice(2);
// Transfers are clients of any hub (not this process's config), so they parse their own flags.
const code =
  argv[0] === "upload" || argv[0] === "download"
    ? await runTransferCommand(argv[0], argv.slice(1))
    : await runCli(argv, process.env, stdio);
if (code !== 0) process.exit(code);
