import type { Config } from "../config/config.js";
import type { Output } from "./context.js";
import { withExistingHub } from "./hub-target.js";
import { nameProblem } from "../platform/names.js";
import { UsageError } from "./usage-error.js";

export async function tokenCreateCommand(
  config: Config,
  args: { user?: string; write: boolean; name?: string; password?: string },
  io: Output,
): Promise<void> {
  if (!args.user)
    throw new UsageError("token create needs a user name: modelhub token create <user> [--write]");
  const user = args.user;
  await withExistingHub(config, io, async ({ accounts }) => {
    const existing = await accounts.findUser(user);
    if (!existing) {
      if (await accounts.findOrg(user))
        throw new UsageError(`${user} is an organisation; tokens belong to users`);
      const problem = nameProblem("namespace", user);
      if (problem) throw new UsageError(`cannot create user ${user}: ${problem}`);
      await accounts.createUser({ name: user });
      io.err(`created user ${user}`);
    }
    if (args.password !== undefined) await accounts.setPassword(user, args.password);
    const role = args.write ? "write" : "read";
    const { token } = await accounts.createToken(user, {
      displayName: args.name ?? `cli ${role} token`,
      role,
    });
    io.out(token);
  });
}
