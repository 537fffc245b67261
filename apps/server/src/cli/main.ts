#!/usr/bin/env node
console.error("modelhub: server not built yet");
process.exit(1);
