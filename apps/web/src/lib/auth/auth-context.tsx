import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { WhoAmI } from "@modelhub/api-types";
import { forgetLegacyStoredToken, storeCsrfToken } from "../credentials.js";
import { currentSession, logout } from "./api/session.js";
import { whoAmI } from "./api/whoami.js";

interface AuthState {
  /** True when the hub knows this browser's session cookie. */
  signedIn: boolean;
  user?: WhoAmI;
  /** True while the session is being checked. */
  checking: boolean;
  /** After /api/login: keep its CSRF token and load the user. */
  signIn: (csrfToken: string) => void;
  signOut: () => void;
  /** Orgs requiring 2FA or company sign-in whose private content this session cannot see yet. */
  blockedOrgs: string[];
}

const AuthContext = createContext<AuthState | undefined>(undefined);
const SESSION_KEY = ["session"];

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // undefined: as /api/session says; null: signed out on this page; a string: signed in on this page
  const [override, setOverride] = useState<string | null>();
  useEffect(forgetLegacyStoredToken, []);

  const session = useQuery({
    queryKey: SESSION_KEY,
    queryFn: currentSession,
    retry: false,
    staleTime: Infinity,
  });
  const sessionCsrf = session.data?.signedIn ? session.data.csrfToken : undefined;
  const activeCsrf = override === undefined ? sessionCsrf : (override ?? undefined);
  // the module-level copy is what api-client sends; set it before any query of this render runs
  storeCsrfToken(activeCsrf);
  const signedIn = activeCsrf !== undefined;

  const me = useQuery({
    queryKey: ["whoami", activeCsrf ?? ""],
    queryFn: whoAmI,
    enabled: signedIn,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const signIn = useCallback(
    (next: string) => {
      storeCsrfToken(next);
      setOverride(next);
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
    [queryClient],
  );
  const forget = useCallback(() => {
    storeCsrfToken(undefined);
    setOverride(null);
    // nothing the signed-in user could see stays cached
    queryClient.clear();
  }, [queryClient]);
  const signOut = useCallback(() => {
    // the hub deletes the session; the page forgets it whatever the answer, then signs out at the
    // company identity provider too when the hub says how
    void logout()
      .then((answer) => {
        if (answer.idpLogoutUrl) window.location.assign(answer.idpLogoutUrl);
      })
      .catch(() => undefined)
      .finally(forget);
  }, [forget]);

  // A session that ended elsewhere (revoked, expired) signs the page out instead of failing every request.
  useEffect(() => {
    const status = (me.error as { status?: number } | null)?.status;
    if (status === 401) forget();
  }, [me.error, forget]);

  const value = useMemo<AuthState>(
    () => ({
      signedIn,
      user: me.data,
      checking: session.isPending || (signedIn && me.isPending),
      signIn,
      signOut,
      blockedOrgs:
        (session.data?.signedIn && session.data.csrfToken === activeCsrf
          ? session.data.blockedOrgs
          : undefined) ?? [],
    }),
    [signedIn, me.data, me.isPending, session.isPending, signIn, signOut, session.data, activeCsrf],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used inside <AuthProvider>");
  return state;
}
