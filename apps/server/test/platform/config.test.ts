import { describe, expect, it } from "vitest";
import { parseArgs } from "../../src/config/args.js";
import { ConfigError, DEFAULT_DATA_DIR, resolveConfig } from "../../src/config/config.js";

describe("command line parsing", () => {
  it("separates positionals, valued flags, boolean flags and --no- flags", () => {
    const parsed = parseArgs([
      "token",
      "create",
      "alice",
      "--write",
      "--port",
      "9000",
      "--host=0.0.0.0",
      "--no-seed",
    ]);
    expect(parsed.positionals).toEqual(["token", "create", "alice"]);
    expect(parsed.flags).toMatchObject({ write: true, port: "9000", host: "0.0.0.0", seed: false });
  });

  it("keeps the word after a boolean flag as a positional", () => {
    expect(parseArgs(["snippets", "--stream", "org/model"]).positionals).toEqual(["snippets", "org/model"]);
  });
});

describe("settings", () => {
  it("uses the documented defaults", () => {
    const config = resolveConfig({}, {}, "/srv");
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      // the install's data folder, whatever the current folder is
      dataDir: DEFAULT_DATA_DIR,
      dataDirFrom: "default",
      seed: true,
      publicUrlExplicit: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://127.0.0.1:8080");
  });

  it("reads the environment, and flags win over it", () => {
    const env = {
      MODELHUB_PORT: "9001",
      MODELHUB_HOST: "0.0.0.0",
      MODELHUB_DATA: "/var/hub",
      MODELHUB_SEED: "0",
      DATABASE_URL: "postgres://db/x",
    };
    expect(resolveConfig({}, env)).toMatchObject({
      port: 9001,
      host: "0.0.0.0",
      dataDir: "/var/hub",
      seed: false,
      databaseUrl: "postgres://db/x",
    });
    expect(resolveConfig({ port: "7000", data: "/other" }, env)).toMatchObject({
      port: 7000,
      dataDir: "/other",
    });
  });

  it("normalises the public URL and remembers that it was given", () => {
    const config = resolveConfig({}, { MODELHUB_PUBLIC_URL: "https://hub.example.org/" });
    expect(config.publicUrl).toBe("https://hub.example.org");
    expect(config.publicUrlExplicit).toBe(true);
  });

  it("--no-seed turns seeding off", () => {
    expect(resolveConfig({ seed: false, "no-seed": true }, {}).seed).toBe(false);
  });

  it.each([
    [{ port: "http" }, {}, /invalid port/],
    [{}, { MODELHUB_PORT: "70000" }, /invalid port/],
    [{}, { MODELHUB_PUBLIC_URL: "not a url" }, /not an absolute URL/],
    [{}, { MODELHUB_ADMIN_TOKEN: "secret" }, /must start with 'hf_'/],
    [{ port: true }, {}, /needs a value/],
  ])("rejects bad settings %#", (flags, env, message) => {
    expect(() => resolveConfig(flags, env)).toThrow(ConfigError);
    expect(() => resolveConfig(flags, env)).toThrow(message);
  });
});
