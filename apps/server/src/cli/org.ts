import type { Config } from "../config/config.js";
import { parseOrgRole, type OrgRole } from "../platform/org-roles.js";
import { OrgMembers } from "../platform/orgs.js";
import type { Output } from "./context.js";
import { withExistingHub } from "./hub-target.js";
import { UsageError } from "./usage-error.js";
import { HttpError } from "../domain/errors.js";

const ORG_USAGE =
  "use: modelhub org create <name> [--fullname F] [--member user[:role]]... | modelhub org add-member <org> <user> [--role R]";

export interface OrgCommandArgs {
  /** Words after `org`. */
  words: string[];
  fullname?: string;
  role?: string;
  /** Every `--member` value, in order (the flag may repeat). */
  members: string[];
}

/** Every value of a flag that may be given several times (`--name v` or `--name=v`). */
export function repeatedFlag(argv: string[], name: string): string[] {
  const values: string[] = [];
  argv.forEach((word, i) => {
    if (word === `--${name}` && i + 1 < argv.length && !argv[i + 1].startsWith("--"))
      values.push(argv[i + 1]);
    else if (word.startsWith(`--${name}=`)) values.push(word.slice(name.length + 3));
  });
  return values;
}

/** `user` or `user:role`; members named at creation are admins unless told otherwise. */
function parseMember(spec: string): { user: string; role: OrgRole } {
  const colon = spec.lastIndexOf(":");
  if (colon < 0) return { user: spec, role: "admin" };
  return { user: spec.slice(0, colon), role: parseOrgRole(spec.slice(colon + 1)) };
}

/** `modelhub org …`: creates organisations and manages members directly in the database. */
export async function orgCommand(config: Config, args: OrgCommandArgs, io: Output): Promise<number> {
  const [action, ...operands] = args.words;
  try {
    if (action === "create") {
      if (operands.length !== 1) throw new UsageError(`org create needs one name; ${ORG_USAGE}`);
      await createOrg(config, operands[0], args, io);
      return 0;
    }
    if (action === "add-member") {
      if (operands.length !== 2) throw new UsageError(`org add-member needs an org and a user; ${ORG_USAGE}`);
      await addMember(config, operands[0], operands[1], parseOrgRole(args.role ?? "write"), io);
      return 0;
    }
    throw new UsageError(`unknown org command; ${ORG_USAGE}`);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    io.err(`modelhub: ${err.message}`);
    return err.status === 400 ? 2 : 1;
  }
}

async function createOrg(config: Config, name: string, args: OrgCommandArgs, io: Output): Promise<void> {
  const wanted = args.members.map(parseMember);
  await withExistingHub(config, io, async ({ hub, accounts }) => {
    for (const member of wanted) {
      if (!(await accounts.findUser(member.user))) throw new UsageError(`user ${member.user} does not exist`);
    }
    const orgs = new OrgMembers(hub.db, accounts);
    const org = await orgs.create({ name, fullname: args.fullname });
    // admins first, so a later non-admin entry never trips the last-admin rule
    const ordered = [...wanted].sort((a, b) => Number(b.role === "admin") - Number(a.role === "admin"));
    for (const member of ordered) await orgs.setRole(org.name, member.user, member.role);
    io.out(org.name);
    io.err(`created organization ${org.name} with ${wanted.length} member(s)`);
  });
}

async function addMember(
  config: Config,
  org: string,
  user: string,
  role: OrgRole,
  io: Output,
): Promise<void> {
  await withExistingHub(config, io, async ({ hub, accounts }) => {
    const member = await new OrgMembers(hub.db, accounts).setRole(org, user, role);
    io.out(`${member.user} ${member.role}`);
  });
}
