import type { ReactNode } from "react";
import { useTitle } from "../../lib/use-title.js";
import { RequireUser } from "../auth/require-user.js";

/** The frame of a site admin's page: its title (also the tab's), and a sign-in prompt for visitors. */
export function AdminPage({
  title,
  what,
  narrow = false,
  children,
}: {
  title: string;
  /** What a visitor must sign in to do ("see the security scans"). */
  what: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  useTitle(title);
  return (
    <div
      className={narrow ? "container page-narrow" : "container"}
      style={{ paddingTop: 8, paddingBottom: 32 }}
    >
      <h1>{title}</h1>
      <RequireUser what={what}>{children}</RequireUser>
    </div>
  );
}
