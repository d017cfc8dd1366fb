import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  backOfficeSecurityAnswer,
  staffListAnswer,
  staffNoticeAnswer,
  staffSessionAnswer,
  staffSignInAnswer,
  staffSignedInAnswer,
  twoFactorConfirmedAnswer,
  twoFactorSetupAnswer,
  twoFactorStateAnswer,
} from "../../domain/answers/admin-session.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireStaff } from "../http/auth.ts";
import { DomainError } from "../../domain/errors.ts";
import type { StaffResource } from "../../domain/staff.ts";
import { checkedBody, formSchema, queryValue, recordIdParams, staffOnly } from "../http/route-schemas.ts";
import { backOfficeSecuritySchema, staffCodeSchema, staffSignInSchema, staffUnlockSchema } from "../../domain/staff-input.ts";
import { csrfTokenFor } from "../http/csrf.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { newSessionId } from "../accounts/session-id.ts";
import { setSessionCookie } from "../http/session.ts";
import type { SessionService } from "../accounts/session.service.ts";
import { message } from "../i18n/messages.ts";
import type { StaffService } from "./staff.service.ts";
import type { StaffUnlock } from "./staff-unlock.ts";
import { STAFF_UNLOCK_PATH } from "./staff-unlock.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { BackOfficeSecurity } from "./back-office-security.ts";
import { PENDING_COOKIE, PENDING_SIGN_IN_MS, pendingExpired, type StaffTwoFactor } from "./staff-two-factor.ts";

export const ADMIN_API = "/admin/api";

/** The mail link's token of an unlock. */
const unlockQuery = z.object({ token: queryValue });
/** The second step's field, named as its page names it. */
const codeLabels = { code: { ja: "確認コード", en: "Verification code" } };
/** The access rules' fields, named as the owner's page names them. */
const securityLabels = {
  require_two_factor: { ja: "二段階認証の必須設定", en: "Two-factor requirement" },
  allow_ips: { ja: "接続を許可するIPアドレス", en: "Allowed IP addresses" },
  confirm_lockout: { ja: "自分のアドレスを含まない保存の確認", en: "Confirmation to save without your address" },
};

/**
 * Back-office sign-in, the signed-in staff member, sign-out, and (owner only) the staff list.
 * Every answer under /admin/api is private and never cached.
 */
export function registerAdminSessionRoutes(
  fastify: FastifyInstance,
  deps: {
    staff: StaffService;
    staffUnlock: StaffUnlock;
    sessions: SessionService;
    twoFactor: StaffTwoFactor;
    security: BackOfficeSecurity;
    shopProfiles: ShopProfileService;
    secret: string;
    secureCookies: boolean;
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith(`${ADMIN_API}/`) || request.url === ADMIN_API) reply.header("cache-control", "private, no-store");
  });

  /** Moves the browser to `sessionId` (a new one at sign-in and sign-out: no fixation) and answers its CSRF token. */
  function moveSession(request: FastifyRequest, reply: FastifyReply, sessionId: string): string {
    request.sessionId = sessionId;
    setSessionCookie(request, reply, deps.secureCookies, null);
    return csrfTokenFor(sessionId, deps.secret);
  }

  /** The note between the password and the second step (decision 063): back-office paths only, gone with the browser or in 10 minutes. */
  function setPending(reply: FastifyReply, token: string | null): void {
    if (token === null) reply.clearCookie(PENDING_COOKIE, { path: "/admin" });
    else
      reply.setCookie(PENDING_COOKIE, token, {
        path: "/admin",
        httpOnly: true,
        sameSite: "lax",
        secure: deps.secureCookies,
        maxAge: PENDING_SIGN_IN_MS / 1000,
      });
  }

  /** Ends the browser's previous signed-in session (a shopper's or another staff member's) and opens `sessionId`. */
  async function signInBrowser(request: FastifyRequest, reply: FastifyReply, staff: StaffResource, sessionId: string) {
    if (request.user || request.staff) await deps.sessions.destroy(request.sessionId);
    setPending(reply, null);
    const csrfToken = moveSession(request, reply, sessionId);
    return { staff, csrf_token: csrfToken };
  }

  async function issuer(): Promise<string> {
    const shop = await deps.shopProfiles.profile();
    return shop.shopName.en || shop.shopName.ja;
  }

  /**
   * The password. An account without a second factor (and not required to have one) is signed in;
   * otherwise the answer is `{ second_factor: "code" | "enrol" }` with the pending note, and no
   * session: the sign-in page goes on to the code, or to enrolment.
   */
  app.post(
    `${ADMIN_API}/session`,
    { config: { rateLimit: rateLimitFor("staffSignIn") }, ...formSchema({ body: staffSignInSchema, response: { 200: staffSignInAnswer } }) },
    async (request, reply) => {
      const passed = await deps.staff.signIn(checkedBody(request), { ip: request.ip });
      if ("secondStep" in passed) {
        setPending(reply, passed.pendingToken);
        return { second_factor: passed.secondStep };
      }
      return signInBrowser(request, reply, passed.staff, passed.sessionId);
    },
  );

  /** The second step: `{ code }`, a code of the authenticator app or a recovery code. */
  app.post(
    `${ADMIN_API}/session/code`,
    { config: { rateLimit: rateLimitFor("staffSignIn") }, ...formSchema({ body: staffCodeSchema, response: { 200: staffSignedInAnswer } }) },
    async (request, reply) => {
      const { code } = checkedBody(request, codeLabels);
      const signedIn = await deps.staff.signInWithCode(request.cookies[PENDING_COOKIE], code, { ip: request.ip });
      return signInBrowser(request, reply, signedIn.staff, signedIn.sessionId);
    },
  );

  /**
   * Who is enrolling: the signed-in staff member, or an account whose password passed and which
   * must enrol before its first session (the pending note). Anyone else: 401.
   */
  async function enrolling(request: FastifyRequest): Promise<{ id: number; viaPending: boolean }> {
    if (request.staff) return { id: request.staff.id, viaPending: false };
    const pending = await deps.twoFactor.readPending(request.cookies[PENDING_COOKIE]);
    if (pending?.step === "enrol") {
      request.enrollingStaff = { id: pending.staff.id, email: pending.staff.email, role: pending.staff.role };
      return { id: pending.staff.id, viaPending: true };
    }
    throw request.cookies[PENDING_COOKIE] ? pendingExpired() : new DomainError("unauthorized", "staffUnauthorized");
  }

  /** The enrolling account's state: whether it has a second factor, must have one, its recovery codes left, and a key shown and not confirmed. */
  app.get(`${ADMIN_API}/two-factor`, { schema: { response: { 200: twoFactorStateAnswer } } }, async (request) => {
    const actor = await enrolling(request);
    const [row] = await deps.staff.rows([actor.id]);
    if (!row) throw new DomainError("unauthorized", "staffUnauthorized");
    return {
      enabled: row.totpSecret !== null,
      required: await deps.twoFactor.isRequired(row.role),
      recovery_codes_left: row.totpSecret ? await deps.twoFactor.recoveryCodesLeft(row.id) : 0,
      signing_in: actor.viaPending,
      enrolment: await deps.twoFactor.pendingEnrolment(row.id, await issuer()),
    };
  });

  /** A new key to scan or type (any key shown before and not confirmed is replaced). */
  app.post(
    `${ADMIN_API}/two-factor/setup`,
    { config: { rateLimit: rateLimitFor("staffSignIn") }, schema: { response: { 200: twoFactorSetupAnswer } } },
    async (request) => {
      const actor = await enrolling(request);
      const [row] = await deps.staff.rows([actor.id]);
      if (!row) throw new DomainError("unauthorized", "staffUnauthorized");
      return { enrolment: await deps.twoFactor.startEnrolment(row, await issuer()) };
    },
  );

  /**
   * `{ code }` from the key shown: the key becomes the account's and the ten recovery codes are
   * answered, this once. From a pending note, the session opens too (and the code counts on the
   * sign-in lock). No request key: its stored answer would keep the recovery codes in clear.
   */
  app.post(
    `${ADMIN_API}/two-factor/confirm`,
    { config: { rateLimit: rateLimitFor("staffSignIn") }, ...formSchema({ body: staffCodeSchema, response: { 200: twoFactorConfirmedAnswer } }) },
    async (request, reply) => {
      const actor = await enrolling(request);
      const { code } = checkedBody(request, codeLabels);
      if (actor.viaPending) {
        const signedIn = await deps.staff.signInByEnrolling(request.cookies[PENDING_COOKIE], code, { ip: request.ip });
        return { ...(await signInBrowser(request, reply, signedIn.staff, signedIn.sessionId)), recovery_codes: signedIn.recoveryCodes };
      }
      if (!(await deps.twoFactor.pendingEnrolment(actor.id, "")))
        throw new DomainError("invalid", "twoFactorNoEnrolment", { code: [message("twoFactorNoEnrolment", request.locale)] });
      const codes = await deps.twoFactor.confirmEnrolment(actor.id, code);
      if (!codes) throw new DomainError("invalid", "twoFactorInvalid", { code: [message("twoFactorInvalid", request.locale)] });
      return { recovery_codes: codes };
    },
  );

  /**
   * Another owner resets a staff member's second factor (lost phone and codes): the key and codes
   * go, the account's sessions end, and it enrols again at its next sign-in if it must. Never
   * one's own (that would let a stolen session remove the factor). Logged with both ids.
   */
  app.post(`${ADMIN_API}/staff/:id/two-factor/reset`, { ...staffOnly("owner"), schema: { params: recordIdParams } }, async (request, reply) => {
    const owner = requireStaff(request, "owner");
    if (request.params.id === owner.id) throw new DomainError("conflict", "twoFactorResetSelf");
    if (!(await deps.twoFactor.reset(request.params.id))) throw new DomainError("not-found");
    request.log.info({ by: owner.id, staff: request.params.id }, "staff two-factor sign-in reset by an owner");
    return reply.status(204).send();
  });

  /** The owner's access rules: IP allow-list and two-factor for all staff. */
  app.get(`${ADMIN_API}/security`, { ...staffOnly("owner"), schema: { response: { 200: backOfficeSecurityAnswer } } }, async (request) =>
    deps.security.settings(request.ip),
  );

  /** `{ require_two_factor, allow_ips: [..], confirm_lockout }`: 422 naming each entry that is not an address, or a list without the owner's address unless confirmed. */
  app.put(
    `${ADMIN_API}/security`,
    { ...staffOnly("owner"), ...formSchema({ body: backOfficeSecuritySchema, response: { 200: backOfficeSecurityAnswer } }) },
    async (request) => {
      const saved = await deps.security.update(checkedBody(request, securityLabels), request.ip, request.locale);
      request.log.info(
        { by: requireStaff(request, "owner").id, entries: saved.allow_ips.length, require_two_factor: saved.require_two_factor },
        "back office security settings saved",
      );
      return saved;
    },
  );

  app.get(`${ADMIN_API}/session`, { ...staffOnly(), schema: { response: { 200: staffSessionAnswer } } }, async (request) => ({ staff: requireStaff(request) }));

  // "Resend unlock" for staff: one answer whatever the address; the mail only to a locked account.
  app.post(
    STAFF_UNLOCK_PATH,
    { config: { rateLimit: rateLimitFor("resend") }, ...formSchema({ body: staffUnlockSchema, response: { 200: staffNoticeAnswer } }) },
    async (request) => {
      deps.staffUnlock.request(checkedBody(request).email, request.locale);
      return { message: message("unlockInstructionsSent", request.locale) };
    },
  );

  // The mail's link: act, then land on the sign-in page, which says what happened.
  app.get(STAFF_UNLOCK_PATH, { schema: { querystring: unlockQuery } }, async (request, reply) => {
    const outcome = await deps.staffUnlock.unlock(request.query.token);
    return reply.redirect(outcome === "unlocked" ? "/admin/login?unlocked=1" : "/admin/login?unlock=invalid", 303);
  });

  app.delete(`${ADMIN_API}/session`, staffOnly(), async (request, reply) => {
    await deps.staff.signOut(request.sessionId);
    moveSession(request, reply, newSessionId());
    return reply.status(204).send();
  });

  app.get(`${ADMIN_API}/staff`, { ...staffOnly("owner"), schema: { response: { 200: staffListAnswer } } }, async () => ({ data: await deps.staff.list() }));
}
