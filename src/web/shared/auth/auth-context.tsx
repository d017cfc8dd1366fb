import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import type { signedInAnswer, signedOutAnswer } from "../../../domain/answers/accounts.ts";
import { createContext, useCallback, useContext, useMemo, useState } from "react";
import type { ReactNode } from "react";
import type { UserResource } from "../../../domain/account.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { callApi, setCsrfToken } from "../site/api.ts";
import { useVisitor } from "./visitor.tsx";

export type SignInResult = { ok: true; user: UserResource; message: string } | { ok: false; status: number; errors: string[] };
export type SignOutResult = { ok: true; message: string } | { ok: false };

export interface AuthApi {
  /** The signed-in member, or null for a guest. */
  user: UserResource | null;
  /** True once the initial user lookup has finished. */
  isFinishInit: boolean;
  signIn(email: string, password: string, rememberMe: boolean): Promise<SignInResult>;
  signOut(): Promise<SignOutResult>;
  setUser(user: UserResource | null): void;
}

const AuthContext = createContext<AuthApi | null>(null);

export function useAuth(): AuthApi {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth outside AuthProvider");
  return auth;
}

type SignInBody = AnswerOrRefusal<typeof signedInAnswer>;

/** What POST /api/users/sign_in takes: from the page's script, and from the sign-in page's action without it. */
export function signInBody(email: string, password: string, rememberMe: boolean) {
  return { api_user: { email, password, remember_me: rememberMe } };
}

/**
 * Who is signed in, for every screen. The server looks the member up with the page
 * request, so the initial user arrives with the page (its visitor block, visitor.tsx) and the lookup
 * is finished at once; after that, sign-in, sign-out and account changes set the user here without
 * reloading the page.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { locale } = useI18n();
  const [user, setUserState] = useState<UserResource | null>(useVisitor().user);

  const setUser = useCallback((next: UserResource | null) => setUserState(next), []);

  const signIn = useCallback(
    async (email: string, password: string, rememberMe: boolean): Promise<SignInResult> => {
      const result = await callApi<SignInBody>(locale, "/users/sign_in", { method: "POST", body: signInBody(email, password, rememberMe) });
      const body = result.body;
      if (!result.ok || !body?.data || !body.csrf_token) return { ok: false, status: result.status, errors: body?.errors ?? [] };
      // The session was rotated: the old token no longer works for the next call.
      setCsrfToken(body.csrf_token);
      setUserState(body.data);
      return { ok: true, user: body.data, message: body.message ?? "" };
    },
    [locale],
  );

  const signOut = useCallback(async (): Promise<SignOutResult> => {
    try {
      const result = await callApi<AnswerOrRefusal<typeof signedOutAnswer>>(locale, "/users/sign_out", { method: "DELETE" });
      if (!result.ok || !result.body?.csrf_token) return { ok: false };
      setCsrfToken(result.body.csrf_token);
      setUserState(null);
      return { ok: true, message: result.body.message ?? "" };
    } catch (error) {
      console.warn("sign-out failed", error);
      return { ok: false };
    }
  }, [locale]);

  const api = useMemo<AuthApi>(() => ({ user, isFinishInit: true, signIn, signOut, setUser }), [user, signIn, signOut, setUser]);
  return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
}
