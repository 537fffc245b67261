// The layering of the code base, checked by `npm run lint:layers` and by
// apps/server/test/architecture/layers.test.ts. The picture is in README.md ("Architecture").
//
// apps/server/src, top to bottom (each layer imports only the layers below it):
//   entry     cli/, compose/, server.ts, index.ts: commands, start-up order, wiring
//   http      http/ and every <capability>/http/: Hono routes, request parsing, responses
//   services  platform/, content/, inference/, hub-api/, seed/, transfer/, config/ and any new
//             capability folder (outside its http/ folder)
//   db        db/: connection, schema types, statistics; db/migrations/ is sealed (kysely only)
//   domain    domain/: shared vocabulary, ports and errors; imports nothing of the app

const SERVER = "^apps/server/src/";
const ENTRY = `${SERVER}(cli/|compose/|server\\.ts$|index\\.ts$)`;
// http/ at the top of src, or an http/ folder anywhere inside a capability
const HTTP = `${SERVER}http/|${SERVER}.*/http/`;
const DOMAIN = `${SERVER}domain/`;
const DB = `${SERVER}db/`;
const MIGRATIONS = `${SERVER}db/migrations/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-imports-nothing",
      comment: "src/domain is the ground floor: shared types, ports and errors, no arrow into the app.",
      severity: "error",
      from: { path: DOMAIN },
      to: { path: SERVER, pathNot: DOMAIN },
    },
    {
      name: "db-imports-db-and-domain",
      comment: "src/db knows the database only: no feature, service or HTTP module.",
      severity: "error",
      from: { path: DB },
      to: { path: SERVER, pathNot: [DB, DOMAIN] },
    },
    {
      name: "migrations-are-sealed",
      comment:
        "A migration step never changes meaning when a feature does: it imports only its own folder and kysely " +
        "(data work that needs domain logic is a startup job in src/compose).",
      severity: "error",
      from: { path: MIGRATIONS },
      to: { pathNot: [MIGRATIONS, "(^|/)node_modules/kysely/"] },
    },
    {
      name: "services-do-not-import-http",
      comment: "Services sit below the HTTP layer: move the code they need into the service or src/domain.",
      severity: "error",
      // services: every other folder of src (a new capability folder is a service without being listed)
      from: { path: SERVER, pathNot: [ENTRY, HTTP, DB, DOMAIN] },
      to: { path: [HTTP, ENTRY] },
    },
    {
      name: "lower-layers-do-not-import-entry",
      comment: "Only entry files (cli, compose, server.ts, index.ts) may import entry files.",
      severity: "error",
      from: { path: SERVER, pathNot: ENTRY },
      to: { path: ENTRY },
    },
    {
      name: "no-circular",
      comment: "No import cycles between the files of the server and the packages.",
      severity: "error",
      from: { path: "^(apps/server/src|packages/[^/]+/src)/" },
      to: { circular: true },
    },
    {
      name: "no-circular-web",
      comment: "No import cycles between the files of the web app.",
      severity: "error",
      from: { path: "^apps/web/src/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    includeOnly: "^(apps/(server|web)/src|packages/[^/]+/src)/|(^|/)node_modules/",
    exclude: { path: "(^|/)dist/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
  },
};
