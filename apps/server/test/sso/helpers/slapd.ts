import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "ldapts";
import { freePort } from "./free-port.js";

export const SLAPD = "/usr/sbin/slapd";
export const BASE = "dc=corp,dc=example";
export const ROOT_DN = `cn=admin,${BASE}`;
export const ROOT_PW = "root-secret";
export const SERVICE_DN = `cn=modelhub,ou=services,${BASE}`;
export const SERVICE_PW = "service-secret";

/** Why the LDAP tests cannot run here, or undefined when slapd and openssl are installed. */
export function slapdMissing(): string | undefined {
  if (!fs.existsSync(SLAPD)) return "slapd is not installed (apt-get install slapd ldap-utils)";
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
  } catch {
    return "openssl is not installed";
  }
  return undefined;
}

export interface RunningSlapd {
  ldapUrl: string;
  ldapsUrl: string;
  caFile: string;
  /** A client bound as the directory's root (to change users and groups during a test). */
  admin(): Promise<Client>;
  stop(): Promise<void>;
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`slapd did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/**
 * Starts Debian's OpenLDAP server in a temporary folder: plain LDAP (with StartTLS) and ldaps on free
 * ports, a certificate from a throw-away CA, the memberof and ppolicy overlays, a service account that
 * may read the tree, and the people and groups `entries` add.
 */
export async function startSlapd(): Promise<RunningSlapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "modelhub-slapd-"));
  const ssl = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
  ssl([
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=Test LDAP CA",
    "-keyout",
    "ca.key",
    "-out",
    "ca.crt",
  ]);
  ssl([
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=127.0.0.1",
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
  ]);
  fs.writeFileSync(path.join(dir, "san.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  ssl([
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.crt",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    "san.ext",
    "-out",
    "server.crt",
  ]);
  fs.mkdirSync(path.join(dir, "db"));
  const schema = (name: string) => `include /etc/ldap/schema/${name}.schema`;
  fs.writeFileSync(
    path.join(dir, "slapd.conf"),
    [
      schema("core"),
      schema("cosine"),
      schema("inetorgperson"),
      schema("nis"),
      "modulepath /usr/lib/ldap",
      "moduleload back_mdb",
      "moduleload memberof",
      "moduleload ppolicy",
      `pidfile ${dir}/slapd.pid`,
      `TLSCACertificateFile ${dir}/ca.crt`,
      `TLSCertificateFile ${dir}/server.crt`,
      `TLSCertificateKeyFile ${dir}/server.key`,
      "database mdb",
      `suffix "${BASE}"`,
      `rootdn "${ROOT_DN}"`,
      `rootpw ${ROOT_PW}`,
      `directory ${dir}/db`,
      "maxsize 104857600",
      "overlay memberof",
      "memberof-group-oc groupOfNames",
      "memberof-member-ad member",
      "memberof-memberof-ad memberOf",
      "memberof-refint TRUE",
      "overlay ppolicy",
      `access to attrs=userPassword by dn.exact="${SERVICE_DN}" none by self write by anonymous auth by * none`,
      `access to * by dn.exact="${SERVICE_DN}" read by self read by * none`,
      "",
    ].join("\n"),
  );
  const [ldapPort, ldapsPort] = [await freePort(), await freePort()];
  const ldapUrl = `ldap://127.0.0.1:${ldapPort}`;
  const ldapsUrl = `ldaps://127.0.0.1:${ldapsPort}`;
  const child: ChildProcess = spawn(
    SLAPD,
    ["-d", "0", "-f", path.join(dir, "slapd.conf"), "-h", `${ldapUrl}/ ${ldapsUrl}/`],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitForPort(ldapPort, 15_000);
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`${(err as Error).message}: ${stderr}`);
  }
  const admin = async () => {
    const client = new Client({ url: ldapUrl });
    await client.bind(ROOT_DN, ROOT_PW);
    return client;
  };
  const seed = await admin();
  await seed.add(BASE, { objectClass: ["dcObject", "organization"], dc: "corp", o: "Corp" });
  for (const ou of ["people", "groups", "services"])
    await seed.add(`ou=${ou},${BASE}`, { objectClass: "organizationalUnit", ou });
  await seed.add(SERVICE_DN, {
    objectClass: ["organizationalRole", "simpleSecurityObject"],
    cn: "modelhub",
    userPassword: SERVICE_PW,
  });
  await seed.unbind();
  return {
    ldapUrl,
    ldapsUrl,
    caFile: path.join(dir, "ca.crt"),
    admin,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Adds a person (inetOrgPerson with a plain-text test password). */
export async function addPerson(
  client: Client,
  uid: string,
  password: string,
  extra: Record<string, string | string[]> = {},
): Promise<string> {
  const dn = `uid=${uid},ou=people,${BASE}`;
  await client.add(dn, {
    objectClass: ["inetOrgPerson"],
    uid,
    cn: extra.cn ?? uid,
    sn: extra.sn ?? uid,
    mail: extra.mail ?? `${uid}@corp.example`,
    userPassword: password,
    ...extra,
  });
  return dn;
}

export async function addGroup(client: Client, cn: string, members: string[]): Promise<string> {
  const dn = `cn=${cn},ou=groups,${BASE}`;
  await client.add(dn, { objectClass: "groupOfNames", cn, member: members });
  return dn;
}
