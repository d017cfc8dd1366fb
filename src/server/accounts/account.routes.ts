import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUserAnswer, noticeAnswer, signedInAnswer, signedOutAnswer, signedUpAnswer, userUpdatedAnswer } from "../../domain/answers/accounts.ts";
import { requireUser } from "../http/auth.ts";
import { sendRefusal } from "../http/response-schemas.ts";
import { OPTIONALLY_KEYED_WRITE, memberOnly, queryValue, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import { csrfTokenFor } from "../http/csrf.ts";
import { DomainError } from "../../domain/errors.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { setSessionCookie } from "../http/session.ts";
import { newSessionId } from "./session-id.ts";
import { message } from "../i18n/messages.ts";
import type { AccountService, SignedIn } from "./account.service.ts";
import { pageInLocale } from "../http/mail-links.ts";

// The account API puts every field under `api_user`; the values are checked by the service so
// that the answers carry Devise's messages. A body without it is the contract's 422 (not the general
// 400): the routes attach the validation error and `apiUser` answers it.
const apiUserBody = z.object({ api_user: z.record(z.string(), z.unknown()) });
/** An `api_user` body with the schema of its success answer. */
function apiUserAnswering<R extends Record<number, z.ZodType>>(response: R) {
  return { schema: { body: apiUserBody, response }, attachValidation: true } as const;
}

function apiUser(request: FastifyRequest & { body: z.output<typeof apiUserBody> }): Record<string, unknown> {
  if (request.validationError) throw new DomainError("invalid");
  return request.body.api_user;
}

/** The mail links' tokens, as sent. */
const confirmationQuery = z.object({ confirmation_token: queryValue });
const unlockQuery = z.object({ unlock_token: queryValue });

export function registerAccountRoutes(fastify: FastifyInstance, deps: { accounts: AccountService; secret: string; secureCookies: boolean }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts } = deps;
  const member = memberOnly();

  /** Moves the visitor to a new session id (no fixation) and hands the page its new CSRF token. */
  function startSession(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn | null) {
    // After sign-out nothing of the member's session id is reused either.
    request.sessionId = signedIn?.sessionId ?? newSessionId();
    setSessionCookie(request, reply, deps.secureCookies, signedIn?.rememberUntil ?? null);
    return csrfTokenFor(request.sessionId, deps.secret);
  }

  function signInContext(request: FastifyRequest) {
    return { ip: request.ip, guestSessionId: request.sessionId, locale: request.locale };
  }

  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/users`, { schema: { response: { 200: currentUserAnswer } } }, async (request, reply) => {
      if (!request.user) {
        return sendRefusal(reply, 401, { errors: [message(request.sessionExpired ? "sessionTimeout" : "unauthorized", request.locale)] });
      }
      return { data: request.user };
    });

    app.post(
      `${prefix}/users/sign_in`,
      { ...apiUserAnswering({ 200: signedInAnswer }), config: { rateLimit: rateLimitFor("signIn") } },
      async (request, reply) => {
        if (request.user) return sendRefusal(reply, 409, { errors: [message("alreadySignedIn", request.locale)] });
        const signedIn = await accounts.signIn(apiUser(request), signInContext(request));
        const csrfToken = startSession(request, reply, signedIn);
        return { data: signedIn.user, csrf_token: csrfToken, message: message("signedIn", request.locale) };
      },
    );

    app.delete(`${prefix}/users/sign_out`, { schema: { response: { 200: signedOutAnswer } } }, async (request, reply) => {
      if (request.user) await accounts.signOut(request.sessionId);
      const csrfToken = startSession(request, reply, null);
      return { csrf_token: csrfToken, message: message("signedOut", request.locale) };
    });

    app.post(
      `${prefix}/users`,
      { ...apiUserAnswering({ 201: signedUpAnswer }), config: { ...OPTIONALLY_KEYED_WRITE, rateLimit: rateLimitFor("signUp") } },
      async (request, reply) => {
        const { email } = await accounts.signUp(apiUser(request), request.locale);
        return reply.status(201).send({ data: { email }, message: message("signedUpUnconfirmed", request.locale) });
      },
    );

    app.put(`${prefix}/users`, { ...member, ...apiUserAnswering({ 200: userUpdatedAnswer }) }, async (request) => {
      const { user, messageKey } = await accounts.update(requireUser(request), apiUser(request), { locale: request.locale, sessionId: request.sessionId });
      return { data: user, message: message(messageKey, request.locale) };
    });

    app.delete(`${prefix}/users`, { ...member, ...apiUserAnswering({ 200: signedOutAnswer }) }, async (request, reply) => {
      await accounts.cancel(requireUser(request), apiUser(request).current_password, request.locale);
      const csrfToken = startSession(request, reply, null);
      return { csrf_token: csrfToken, message: message("accountDestroyed", request.locale) };
    });

    app.post(
      `${prefix}/users/password`,
      { ...apiUserAnswering({ 200: noticeAnswer }), config: { rateLimit: rateLimitFor("passwordReset") } },
      async (request) => {
        await accounts.requestPasswordReset(apiUser(request).email, request.locale);
        return { message: message("passwordInstructionsSent", request.locale) };
      },
    );

    app.put(
      `${prefix}/users/password`,
      { ...apiUserAnswering({ 200: signedInAnswer }), config: { rateLimit: rateLimitFor("passwordReset") } },
      async (request, reply) => {
        const signedIn = await accounts.resetPassword(apiUser(request), signInContext(request));
        const csrfToken = startSession(request, reply, signedIn);
        return { data: signedIn.user, csrf_token: csrfToken, message: message("passwordUpdated", request.locale) };
      },
    );

    app.post(`${prefix}/users/confirmation`, { ...apiUserAnswering({ 200: noticeAnswer }), config: { rateLimit: rateLimitFor("resend") } }, async (request) => {
      await accounts.resendConfirmation(apiUser(request).email, request.locale);
      return { message: message("confirmationInstructionsSent", request.locale) };
    });

    app.post(`${prefix}/users/unlock`, { ...apiUserAnswering({ 200: noticeAnswer }), config: { rateLimit: rateLimitFor("resend") } }, async (request) => {
      await accounts.resendUnlock(apiUser(request).email, request.locale);
      return { message: message("unlockInstructionsSent", request.locale) };
    });

    // The links in the mails: act, then land on a page that says what happened.
    app.get(`${prefix}/users/confirmation`, { schema: { querystring: confirmationQuery } }, async (request, reply) => {
      const outcome = await accounts.confirm(request.query.confirmation_token);
      const target =
        outcome === "confirmed"
          ? request.user
            ? "/mypage/account?confirmed=1"
            : "/confirmations/thanks"
          : `/confirmations/new?error=${outcome === "already" ? "confirmed" : outcome}`;
      return reply.redirect(pageInLocale(request.locale, target), 303);
    });

    app.get(`${prefix}/users/unlock`, { schema: { querystring: unlockQuery } }, async (request, reply) => {
      const outcome = await accounts.unlock(request.query.unlock_token);
      const target = outcome === "unlocked" ? "/login?unlocked=1" : "/unlock/new?error=invalid";
      return reply.redirect(pageInLocale(request.locale, target), 303);
    });
  }
}
