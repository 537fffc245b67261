import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { ApiError } from "../../lib/api-error.js";
import type { WhoAmI } from "../../lib/api-types.js";
import {
  readSessionTokenId,
  readStoredToken,
  storeSessionTokenId,
  storeToken,
} from "../../lib/credentials.js";
import { revokeToken } from "./api/tokens.js";
import { whoAmI } from "./api/whoami.js";

interface AuthState {
  token?: string;
  user?: WhoAmI;
  /** True while the stored token is being checked. */
  checking: boolean;
  /** `sessionTokenId`: the token a password sign-in created, revoked again on sign-out. */
  signIn: (token: string, user: WhoAmI, sessionTokenId?: string) => void;
  signOut: () => void;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(readStoredToken);
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: ["whoami", token ?? ""],
    queryFn: () => whoAmI(token),
    enabled: Boolean(token),
    retry: false,
    staleTime: 5 * 60_000,
  });

  const signIn = useCallback(
    (next: string, user: WhoAmI, sessionTokenId?: string) => {
      storeToken(next);
      storeSessionTokenId(sessionTokenId);
      queryClient.setQueryData(["whoami", next], user);
      setToken(next);
    },
    [queryClient],
  );
  const signOut = useCallback(() => {
    const sessionTokenId = readSessionTokenId();
    // Best effort: a token made for this browser session should not outlive it.
    if (sessionTokenId) void revokeToken(sessionTokenId).catch(() => undefined);
    storeSessionTokenId(undefined);
    storeToken(undefined);
    setToken(undefined);
    queryClient.clear();
  }, [queryClient]);

  // A revoked or unknown token signs the browser out instead of failing every request.
  useEffect(() => {
    if (me.error instanceof ApiError && me.error.status === 401) signOut();
  }, [me.error, signOut]);

  const value = useMemo<AuthState>(
    () => ({ token, user: me.data, checking: Boolean(token) && me.isPending, signIn, signOut }),
    [token, me.data, me.isPending, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used inside <AuthProvider>");
  return state;
}
