import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The EICAR test file, assembled here so this source file itself trips no scanner. */
export const EICAR = Buffer.from(
  ["X5O!P%@AP[4\\PZX54(P^)7CC)7}$", "EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"].join(""),
  "latin1",
);
/** A custom body signature the test's database adds. */
export const MARKER = "MODELHUB-TEST-MALWARE-MARKER";
export const TESTFILES = "/usr/share/clamav-testfiles";

export function clamdBinary(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v clamd || ls /usr/sbin/clamd"], { encoding: "utf8" });
  const binary = found.stdout.trim().split("\n")[0];
  return found.status === 0 && binary ? binary : undefined;
}

export interface Clamd {
  socket: string;
  stop(): Promise<void>;
}

const md5 = (bytes: Buffer) => createHash("md5").update(bytes).digest("hex");

/**
 * Starts Debian's clamd in the foreground on a socket of its own, with a minimal signature database
 * written here: the EICAR file and ClamAV's own test executable by hash, and a custom body signature.
 * Loading three signatures takes well under a second.
 */
export async function startClamd(binary: string): Promise<Clamd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-clamd-"));
  const db = path.join(dir, "db");
  fs.mkdirSync(db);
  const hashes = [`${md5(EICAR)}:${EICAR.length}:Eicar-Test-Signature`];
  const testExe = path.join(TESTFILES, "clam.exe");
  if (fs.existsSync(testExe)) {
    const bytes = fs.readFileSync(testExe);
    hashes.push(`${md5(bytes)}:${bytes.length}:Clamav.Test.File-6`);
  }
  fs.writeFileSync(path.join(db, "modelhub-test.hdb"), `${hashes.join("\n")}\n`);
  fs.writeFileSync(
    path.join(db, "modelhub-test.ndb"),
    `ModelHub.Test.Marker:0:*:${Buffer.from(MARKER).toString("hex")}\n`,
  );
  const socket = path.join(dir, "clamd.sock");
  fs.writeFileSync(
    path.join(dir, "clamd.conf"),
    [
      `LocalSocket ${socket}`,
      `DatabaseDirectory ${db}`,
      `TemporaryDirectory ${dir}`,
      "Foreground true",
      "LogFile /dev/null",
      "StreamMaxLength 64M",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(binary, [`--config-file=${path.join(dir, "clamd.conf")}`], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!fs.existsSync(socket)) {
    if (child.exitCode !== null) throw new Error(`clamd exited: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`clamd did not open its socket: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    socket,
    stop: () =>
      new Promise<void>((done) => {
        const finish = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          done();
        };
        if (child.exitCode !== null) return finish();
        child.once("exit", finish);
        child.kill("SIGTERM");
      }),
  };
}
