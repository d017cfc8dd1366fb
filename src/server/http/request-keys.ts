import crypto from "node:crypto";
import { setTimeout as pause } from "node:timers/promises";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { Database } from "../db/client.ts";
import { withTransactionClaim } from "../db/keyed-transactions.ts";
import { requestKeysTable } from "../db/schema/http.ts";
import { message } from "../i18n/messages.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The write carries an Idempotency-Key (docs/decisions/049): "required" answers 400 without one
     * (the back office), "optional" takes one when sent (the contract's own calls, documented without it).
     */
    requestKey?: "required" | "optional";
  }
  interface FastifyRequest {
    /** The key of this request while its answer is still to be kept. */
    keyedWrite?: KeyedWrite;
  }
}

/** A UUID (what the shop's pages send) or any similar opaque token; checkout's keys look the same. */
export const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,255}$/;

/** How long a resent request waits for the first one's answer before saying it cannot tell. */
const ANSWER_WAIT_MS = 5_000;
const ANSWER_POLL_MS = 100;

export type RequestKeyRow = typeof requestKeysTable.$inferSelect;

interface KeyedWrite {
  key: string;
  actor: string;
  route: string;
  fingerprint: string;
  /** The row a transaction of this request inserted; undefined while none did. */
  rowId?: number;
  /** The object the handler answered with, before serialization. */
  body?: unknown;
}

/** Thrown inside a transaction whose key another request holds: the transaction rolls back. */
class RequestKeyTaken extends Error {}

/**
 * Who sent the key: the staff member on back-office routes, otherwise the member or the browser
 * session (hashed, as checkout's keys are). Another actor's key is another request.
 */
function actorOf(request: FastifyRequest): string {
  if (request.routeOptions.url?.startsWith("/admin/")) return `staff:${request.staff?.id ?? "none"}`;
  const name = request.user ? `user:${request.user.id}` : `session:${request.sessionId}`;
  return crypto.createHash("sha256").update(name).digest("hex");
}

/** Method and path with its ids; /ja/api/… and /en/api/… are the same call as /api/…. */
function routeOf(request: FastifyRequest): string {
  const path = request.url.split("?")[0]!.replace(/^\/(?:ja|en)(?=\/api\/)/, "");
  return `${request.method} ${path}`;
}

function fingerprintOf(body: unknown): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify(body ?? null))
    .digest("hex");
}

function isTaken(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (current instanceof RequestKeyTaken) return true;
  }
  return false;
}

/** The rows of request_keys: taken in the write's transaction, answered once, forgotten after a day. */
export class RequestKeys {
  constructor(private readonly db: Database) {}

  async find(write: KeyedWrite): Promise<RequestKeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(requestKeysTable)
      .where(and(eq(requestKeysTable.requestKey, write.key), eq(requestKeysTable.actor, write.actor), eq(requestKeysTable.route, write.route)));
    return row;
  }

  /**
   * Inserts the key inside the write's transaction. A concurrent request with the same key waits on
   * the unique index until the first commits, then finds the key taken and rolls its write back.
   */
  async take(tx: Database, write: KeyedWrite): Promise<number> {
    const [row] = await tx
      .insert(requestKeysTable)
      .values({ requestKey: write.key, actor: write.actor, route: write.route, fingerprint: write.fingerprint })
      .onConflictDoNothing()
      .returning({ id: requestKeysTable.id });
    if (!row) throw new RequestKeyTaken();
    return row.id;
  }

  /** Keeps the first answer of a taken key. */
  async keep(id: number, status: number, body: unknown): Promise<void> {
    await this.db
      .update(requestKeysTable)
      .set({ responseStatus: status, responseBody: body ?? null })
      .where(and(eq(requestKeysTable.id, id), isNull(requestKeysTable.responseStatus)));
  }

  /** A write that opened no transaction: its key and answer are kept together, once it succeeded. */
  async keepAnswered(write: KeyedWrite, status: number, body: unknown): Promise<void> {
    await this.db
      .insert(requestKeysTable)
      .values({
        requestKey: write.key,
        actor: write.actor,
        route: write.route,
        fingerprint: write.fingerprint,
        responseStatus: status,
        responseBody: body ?? null,
      })
      .onConflictDoNothing();
  }

  /** Forgets keys older than `before`; returns how many. */
  async purge(before: Date): Promise<number> {
    const removed = await this.db.delete(requestKeysTable).where(lt(requestKeysTable.createdAt, before)).returning({ id: requestKeysTable.id });
    return removed.length;
  }
}

/**
 * Routes declared with `config: { requestKey }` answer a resent request (same Idempotency-Key, same
 * actor, same method and path) with the first answer and book nothing again. The key is taken in
 * the first transaction the handler opens (db/keyed-transactions.ts), so it exists exactly when the
 * write committed; the answer is kept just before it is sent. A duplicate that arrives while the
 * first is running waits for that answer; if none comes (the first process died between its commit
 * and its answer) it gets a 409 saying so, never a second booking. Call before any route is declared.
 */
export function registerRequestKeys(app: FastifyInstance, deps: { keys: RequestKeys }): void {
  const { keys } = deps;

  const replay = async (request: FastifyRequest, reply: FastifyReply, write: KeyedWrite, found: RequestKeyRow | undefined) => {
    const locale = request.locale;
    let row = found;
    if (row && row.fingerprint !== write.fingerprint) return reply.status(422).send({ errors: [message("requestKeyReused", locale)] });
    const deadline = Date.now() + ANSWER_WAIT_MS;
    while (row && row.responseStatus === null && Date.now() < deadline) {
      await pause(ANSWER_POLL_MS);
      row = await keys.find(write);
    }
    if (!row || row.responseStatus === null) return reply.status(409).send({ errors: [message("requestKeyUnanswered", locale)] });
    reply.status(row.responseStatus).header("idempotent-replayed", "true");
    return row.responseBody === null ? reply.send() : reply.send(row.responseBody);
  };

  const keyed = (handler: RouteHandlerMethod): RouteHandlerMethod =>
    async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers["idempotency-key"];
      const key = typeof header === "string" ? header.trim() : "";
      if (!key && request.routeOptions.config.requestKey === "optional") return handler.call(this, request, reply);
      if (!REQUEST_KEY_PATTERN.test(key)) return reply.status(400).send({ errors: [message("requestKeyMissing", request.locale)] });
      const write: KeyedWrite = { key, actor: actorOf(request), route: routeOf(request), fingerprint: fingerprintOf(request.body) };
      const earlier = await keys.find(write);
      if (earlier) return replay(request, reply, write, earlier);
      request.keyedWrite = write;
      const claim = {
        settled: false,
        take: async (tx: Database) => {
          write.rowId = await keys.take(tx, write);
        },
      };
      try {
        return await withTransactionClaim(claim, () => Promise.resolve(handler.call(this, request, reply)));
      } catch (error) {
        if (!isTaken(error)) throw error;
        request.keyedWrite = undefined;
        return replay(request, reply, write, await keys.find(write));
      } finally {
        // Work the handler left running (mails, caches) is no longer this request's write.
        claim.settled = true;
      }
    };

  app.addHook("onRoute", (route) => {
    if (!route.config?.requestKey) return;
    route.handler = keyed(route.handler);
    // The answer's object, as the handler gave it (errors of the error handler too).
    const capture = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      if (request.keyedWrite) request.keyedWrite.body = payload;
      return payload;
    };
    // Kept before the bytes leave: a client that saw the answer finds it kept when it resends.
    const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const write = request.keyedWrite;
      if (!write) return payload;
      request.keyedWrite = undefined;
      const body = write.body ?? (typeof payload === "string" && payload !== "" ? safeJson(payload) : null);
      try {
        if (write.rowId !== undefined) await keys.keep(write.rowId, reply.statusCode, body);
        else if (reply.statusCode < 300) await keys.keepAnswered(write, reply.statusCode, body);
      } catch (error) {
        // The write stands; a resend is then told its result cannot be confirmed (409), not booked again.
        request.log.warn({ err: error, route: request.routeOptions.url }, "the answer of a keyed write could not be kept");
      }
      return payload;
    };
    route.preSerialization = [...asArray(route.preSerialization), capture];
    route.onSend = [...asArray(route.onSend), keep];
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
