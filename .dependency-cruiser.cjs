// The layering of the code base, checked by `npm run lint:layers` and by
// apps/server/test/architecture/layers.test.ts (which also checks the floor order of every folder).
// The picture is in README.md ("Architecture").
//
// apps/server/src, top to bottom (each floor imports only the floors below it):
//   entry         cli/, compose/, server.ts, index.ts: commands, start-up order, wiring
//   app           http/: the composition of every route (app.ts, routes.ts, routes/, auth middleware)
//   capability    <capability>/http/: a capability's own Hono routes
//     routes
//   capabilities  platform/, content/, inference/, hub-api/, seed/, transfer/, config/ and any new
//                 capability folder (outside its http/ folder)
//   kit           http-kit/: request and response helpers every route uses; knows no capability
//   db            db/: connection, schema types, statistics; db/migrations/ is sealed (kysely only)
//   domain        domain/: shared vocabulary, ports and errors; imports nothing of the app
//
// apps/web/src, top to bottom: main.tsx, app/, features/<feature>/ (no feature imports another),
// components/, lib/, config/, styles/.

const SERVER = "^apps/server/src/";
const ENTRY = `${SERVER}(cli/|compose/|server\\.ts$|index\\.ts$)`;
const APP = `${SERVER}http/`;
const CAPABILITY_ROUTES = `${SERVER}[^/]+/http/`;
// the app floor, or an http/ folder anywhere inside a capability
const HTTP = `${APP}|${SERVER}.*/http/`;
const KIT = `${SERVER}http-kit/`;
const DOMAIN = `${SERVER}domain/`;
const DB = `${SERVER}db/`;
const MIGRATIONS = `${SERVER}db/migrations/`;

const WEB = "^apps/web/src/";
const WEB_ABOVE_FEATURES = `${WEB}(app/|main\\.tsx$)`;
const WEB_FEATURES = `${WEB}features/`;
const WEB_BELOW_FEATURES = `${WEB}(components|lib|config|styles)/`;

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
      name: "kit-knows-no-capability",
      comment:
        "src/http-kit sits below the capabilities: what it needs of one is a type in the kit or src/domain, " +
        "passed in by the caller.",
      severity: "error",
      from: { path: KIT },
      to: { path: SERVER, pathNot: [KIT, DB, DOMAIN] },
    },
    {
      name: "services-do-not-import-http",
      comment: "Services sit below the HTTP layer: move the code they need into the service or src/domain.",
      severity: "error",
      // services: every other folder of src (a new capability folder is a service without being listed)
      from: { path: SERVER, pathNot: [ENTRY, HTTP, KIT, DB, DOMAIN] },
      to: { path: [HTTP, ENTRY] },
    },
    {
      name: "capability-routes-do-not-import-the-app",
      comment:
        "A capability's http/ folder is mounted by src/http (the app); it takes the app's dependencies as " +
        "its own type (e.g. PlatformRouteDeps) and its helpers from src/http-kit.",
      severity: "error",
      from: { path: CAPABILITY_ROUTES, pathNot: APP },
      to: { path: [APP, ENTRY] },
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
      name: "web-features-do-not-import-features",
      comment:
        "A feature of the web app never imports another one: what two features share lives in components/ " +
        "(UI) or lib/ (data, hooks, paths); app/ composes features.",
      severity: "error",
      from: { path: `${WEB_FEATURES}([^/]+)/` },
      to: { path: WEB_FEATURES, pathNot: `${WEB_FEATURES}$1/` },
    },
    {
      name: "web-features-do-not-import-the-app",
      comment: "app/ (router, layout) and main.tsx sit above the features.",
      severity: "error",
      from: { path: WEB_FEATURES },
      to: { path: WEB_ABOVE_FEATURES },
    },
    {
      name: "web-lower-floors-do-not-import-features",
      comment: "components/, lib/, config/ and styles/ sit below the features and the app.",
      severity: "error",
      from: { path: WEB_BELOW_FEATURES },
      to: { path: [WEB_FEATURES, WEB_ABOVE_FEATURES] },
    },
    {
      name: "web-lib-does-not-import-components",
      comment: "lib/ and config/ hold no UI: they sit below components/.",
      severity: "error",
      from: { path: `${WEB}(lib|config)/` },
      to: { path: `${WEB}components/` },
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
