#!/usr/bin/env node
import { stdio } from "./context.js";
import { runCli } from "./run.js";

const code = await runCli(process.argv.slice(2), process.env, stdio);
if (code !== 0) process.exit(code);
