import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditLogAnswer } from "../../domain/answers/records.ts";
import { pageQuery, queryValue, staffOnly } from "../http/route-schemas.ts";
import { ADMIN_API } from "../admin/admin-session.routes.ts";
import { staffByEmail } from "../admin/staff-directory.ts";
import type { Database } from "../db/client.ts";
import { isRealDate } from "../../domain/japan-time.ts";
import { NOT_STAFF_ACTIONS, auditActionOf } from "./audit-actions.ts";
import { auditActionLabel, auditTargetKindLabel } from "./audit-labels.ts";
import type { AuditLogService } from "./audit-log.service.ts";

const SIGN_IN = `POST ${ADMIN_API}/session`;
/** The second step of a sign-in (decision 063): the session opens here when the account has a second factor. */
const SIGN_IN_CODE = `POST ${ADMIN_API}/session/code`;
/** Enrolling the second factor: from a pending sign-in (no session yet), confirming it also opens the session. */
const ENROL_SETUP = `POST ${ADMIN_API}/two-factor/setup`;
const ENROL_CONFIRM = `POST ${ADMIN_API}/two-factor/confirm`;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A real calendar date, yyyy-mm-dd; anything else (2026-02-31 too) is no bound. */
function japanDateOrNothing(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3])) ? value : undefined;
}

const auditQuery = z.object({
  staff_id: queryValue.transform((value) => (/^\d{1,9}$/.test(value) ? Number(value) : undefined)),
  action: queryValue.transform((value) => (/^[a-z_.]{1,100}$/.test(value) ? value : undefined)),
  from: queryValue.transform(japanDateOrNothing),
  to: queryValue.transform(japanDateOrNothing),
  page: pageQuery,
});

/**
 * What a write changed, without the values a person typed: the names of the fields sent (one
 * nested level, `name.ja`) and the numbers and switches among them (quantities, prices, flags).
 * Names, addresses, messages and passwords are never copied into the log.
 */
export function changesOf(body: unknown): { fields: string[]; values: Record<string, number | boolean> } {
  const fields: string[] = [];
  const values: Record<string, number | boolean> = {};
  const visit = (value: unknown, path: string, depth: number) => {
    if (isPlainObject(value) && depth < 2) {
      for (const [key, inner] of Object.entries(value).slice(0, 100)) visit(inner, path ? `${path}.${key.slice(0, 60)}` : key.slice(0, 60), depth + 1);
      return;
    }
    // A file's bytes or a list: named, not copied.
    if (!path) return;
    fields.push(path);
    if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "boolean") values[path] = value;
  };
  visit(body, "", 0);
  return { fields, values };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** The id a creation answered (`{ data: { id } }`, `{ id }`, `{ staff: { id } }`), for the entry's target. */
function createdIdOf(payload: unknown): string | null {
  if (typeof payload !== "string" || payload.length > 200_000) return null;
  try {
    const body = JSON.parse(payload) as Record<string, { id?: unknown } | unknown>;
    for (const candidate of [body.data, body, body.staff, body.issue]) {
      const id = candidate && typeof candidate === "object" ? (candidate as { id?: unknown }).id : undefined;
      if (typeof id === "string" || typeof id === "number") return String(id);
    }
  } catch {
    return null;
  }
  return null;
}

function signedInStaffOf(payload: unknown): { id: number; email: string; role: string } | null {
  if (typeof payload !== "string") return null;
  try {
    const staff = (JSON.parse(payload) as { staff?: { id?: unknown; email?: unknown; role?: unknown } }).staff;
    return staff && typeof staff.id === "number" && typeof staff.email === "string" && typeof staff.role === "string"
      ? { id: staff.id, email: staff.email, role: staff.role }
      : null;
  } catch {
    return null;
  }
}

/** `second_factor` of a password step's answer ("code" or "enrol"), when the account has one to pass. */
function secondFactorOf(payload: unknown): string | null {
  if (typeof payload !== "string") return null;
  try {
    const step = (JSON.parse(payload) as { second_factor?: unknown }).second_factor;
    return typeof step === "string" ? step : null;
  } catch {
    return null;
  }
}

/**
 * The staff audit log in the app (decision 065): one hook records every write of /admin/api that
 * a signed-in staff member made and succeeded, under its route's action (audit-actions.ts), and
 * every back-office sign-in, succeeded or not; the owner reads the log at GET /admin/api/audit_log.
 * The entry is written before the answer leaves, so what the staff member saw done is in the book.
 */
export function registerAuditLog(fastify: FastifyInstance, deps: { auditLog: AuditLogService; db: Database }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The fields as the staff member sent them: a route's schema may fill in a default (ship's
  // carrier) that nobody chose, and the entry names what was sent.
  const sentBodies = new WeakMap<object, unknown>();
  app.addHook("preValidation", async (request) => {
    if (request.url.startsWith(`${ADMIN_API}/`)) sentBodies.set(request, request.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith(`${ADMIN_API}/`) || READS.has(request.method)) return payload;
    const key = `${request.method} ${route}`;
    const status = reply.statusCode;
    try {
      if (key === SIGN_IN || key === SIGN_IN_CODE) {
        await recordSignIn(request, status, payload, key === SIGN_IN_CODE);
      } else if (!request.staff && request.enrollingStaff && (key === ENROL_SETUP || key === ENROL_CONFIRM)) {
        await recordEnrolling(request, request.enrollingStaff, key, status, payload);
      } else if (request.staff && status < 400 && !NOT_STAFF_ACTIONS.has(key) && !route.endsWith("/*")) {
        const named = auditActionOf(request.method, route);
        const params = (request.params ?? {}) as Record<string, unknown>;
        const targetId = named.target?.param ? String(params[named.target.param] ?? "") || null : named.target ? createdIdOf(payload) : null;
        await deps.auditLog.record({
          staff: request.staff,
          action: named.action,
          targetKind: named.target?.kind ?? null,
          targetId,
          outcome: "success",
          method: request.method,
          route,
          status,
          details: changesOf(sentBodies.has(request) ? sentBodies.get(request) : request.body),
          ip: request.ip,
          userAgent: userAgentOf(request),
        });
      }
    } catch (error) {
      // The write itself is done; a log entry that could not be written is the trader's alarm.
      request.log.error({ err: error, action: key }, "staff audit log entry not written");
    }
    return payload;
  });

  /**
   * A sign-in's steps: the password (signed in, or passed with the second step to come: the answer
   * names `second_factor`), and the code of the second step. Each attempt is one entry.
   */
  async function recordSignIn(request: FastifyRequest, status: number, payload: unknown, codeStep: boolean): Promise<void> {
    const succeeded = status === 200 ? signedInStaffOf(payload) : null;
    const passwordPassed = !codeStep && status === 200 && succeeded === null && secondFactorOf(payload) !== null;
    const email = (request.body as { email?: unknown } | undefined)?.email;
    // A failed attempt names the account only when the address is one of the staff's: what
    // a stranger typed is not kept.
    const known = succeeded ?? (!codeStep && typeof email === "string" ? await staffByEmail(deps.db, email) : null);
    await deps.auditLog.record({
      staff: known,
      action: succeeded ? "staff.sign_in" : codeStep ? "staff.sign_in_code" : passwordPassed ? "staff.sign_in_password" : "staff.sign_in",
      targetKind: "staff",
      targetId: known ? String(known.id) : null,
      outcome: succeeded || passwordPassed ? "success" : "failure",
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      status,
      details: succeeded
        ? codeStep
          ? { second_factor: "code" }
          : {}
        : passwordPassed
          ? { second_factor: secondFactorOf(payload) }
          : codeStep
            ? {}
            : { known_account: known !== null },
      ip: request.ip,
      userAgent: userAgentOf(request),
    });
  }

  /**
   * A first sign-in that enrols the second factor (decision 063) has no session until the code is
   * confirmed: its key and its confirmation are the pending sign-in's account's, and a confirmation
   * that succeeded is also the sign-in it completes. A wrong code is a failed sign-in step.
   */
  async function recordEnrolling(
    request: FastifyRequest,
    staff: { id: number; email: string; role: string },
    key: string,
    status: number,
    payload: unknown,
  ): Promise<void> {
    const base = {
      staff,
      targetKind: "staff",
      targetId: String(staff.id),
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      status,
      ip: request.ip,
      userAgent: userAgentOf(request),
    };
    if (key === ENROL_SETUP) {
      if (status < 400)
        await deps.auditLog.record({
          ...base,
          action: auditActionOf(request.method, request.routeOptions.url ?? "").action,
          outcome: "success",
          details: { signing_in: true },
        });
      return;
    }
    const signedIn = status === 200 ? signedInStaffOf(payload) : null;
    if (!signedIn) {
      await deps.auditLog.record({ ...base, action: "staff.sign_in_code", outcome: "failure", details: { second_factor: "enrol" } });
      return;
    }
    await deps.auditLog.record({
      ...base,
      action: auditActionOf(request.method, request.routeOptions.url ?? "").action,
      outcome: "success",
      details: { signing_in: true },
    });
    await deps.auditLog.record({ ...base, action: "staff.sign_in", outcome: "success", details: { second_factor: "enrol" } });
  }

  /** The entries with what the owner reads: each action's and target kind's name in the request's language. */
  app.get(`${ADMIN_API}/audit_log`, { ...staffOnly("owner"), schema: { querystring: auditQuery, response: { 200: auditLogAnswer } } }, async (request) => {
    const found = await deps.auditLog.search({
      staffId: request.query.staff_id,
      action: request.query.action,
      from: request.query.from,
      to: request.query.to,
      page: request.query.page,
    });
    return {
      ...found,
      data: found.data.map((entry) => ({
        ...entry,
        action_label: auditActionLabel(entry.action, request.locale),
        target_kind_label: entry.target_kind ? auditTargetKindLabel(entry.target_kind, request.locale) : null,
      })),
    };
  });
}

function userAgentOf(request: FastifyRequest): string | null {
  const agent = request.headers["user-agent"];
  return typeof agent === "string" ? agent : null;
}
