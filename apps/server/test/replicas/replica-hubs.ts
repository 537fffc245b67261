import { execFile } from "node:child_process";
import { promisify } from "node:util";
import net from "node:net";
import path from "node:path";
import { startHubProcess, type HubProcess } from "../mirror/hub-process.js";

const MAIN = path.join(import.meta.dirname, "../../dist/cli/main.js");

/** A hub process that is one replica: the shared data folder and PostgreSQL schema, its own temp folder. */
export function startReplica(
  dataDir: string,
  schema: string,
  env: Record<string, string> = {},
): Promise<HubProcess> {
  return startHubProcess(
    {
      MODELHUB_DATABASE_SCHEMA: schema,
      MODELHUB_TMP_DIR: path.join(dataDir, `tmp-${Math.random().toString(36).slice(2)}`),
      ...env,
    },
    dataDir,
  );
}

/** `modelhub token create <user> --write [--password]` against the replicas' database; returns the token. */
export async function createToken(
  dataDir: string,
  schema: string,
  user: string,
  password?: string,
): Promise<string> {
  // not spawnSync: a blocked event loop misses the hubs closing idle keep-alive connections
  const run = await promisify(execFile)(
    process.execPath,
    [
      MAIN,
      "token",
      "create",
      user,
      "--write",
      "--data",
      dataDir,
      ...(password ? ["--password", password] : []),
    ],
    {
      env: {
        ...process.env,
        MODELHUB_DATABASE_SCHEMA: schema,
        MODELHUB_SEED: "0",
        MODELHUB_EMBEDDED_INFERENCE: "0",
      },
    },
  );
  const token = run.stdout.trim().split("\n").pop() ?? "";
  if (!token.startsWith("hf_")) throw new Error(`token create failed: ${run.stderr}`);
  return token;
}

/** A TCP proxy to PostgreSQL that a test can cut (every connection dropped) and restore on the same port. */
export class CuttableProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

/** Answers in turn from each hub: the test's load balancer (no sticky sessions). */
export function roundRobin(hubs: readonly HubProcess[]): () => HubProcess {
  let next = 0;
  return () => hubs[next++ % hubs.length];
}
