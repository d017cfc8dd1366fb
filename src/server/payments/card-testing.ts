import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cardAttemptsTable } from "../db/schema/security.ts";
import type { PaymentLog } from "./payment-gateway.ts";

/**
 * How many refused cards the shop accepts before it stops taking card attempts (decision 064,
 * クレジットカード・セキュリティガイドライン 6.0 カードテスティング対策). Refusals are counted in a sliding
 * window per browser session, per client address and per card, over payments and registrations
 * together (a tester switches between them). Set by CARD_* environment variables (config.ts).
 */
export interface CardAttemptLimits {
  windowMinutes: number;
  failuresPerSession: number;
  failuresPerAddress: number;
  failuresPerCard: number;
}

/** Who is trying a card: the browser session and the client address of the request. */
export interface CardAttemptClient {
  sessionId: string;
  ip: string;
}

export type CardAttemptKind = "payment" | "registration";
export type CardLimitReached = "session" | "address" | "card";

/** Rows are kept a day at most: the longest window the settings allow. */
const KEEP_MS = 24 * 60 * 60_000;

/**
 * The card-testing defence: before a card is charged or saved, `refusal` says whether this
 * session, address or card has had too many refusals lately; after the gateway answered, `record`
 * notes the attempt. Only keyed hashes are stored (HMAC with the session secret), so the table
 * holds no address, session id or card fingerprint a reader could use elsewhere.
 */
export class CardTestingDefence {
  constructor(
    private readonly db: Database,
    private readonly log: PaymentLog,
    private readonly secret: string,
    private readonly limits: CardAttemptLimits,
  ) {}

  private keyOf(kind: string, value: string): string {
    return crypto.createHmac("sha256", this.secret).update(`${kind}:${value}`).digest("base64url");
  }

  private keysOf(client: CardAttemptClient, fingerprint: string | null) {
    return {
      sessionKey: this.keyOf("session", client.sessionId),
      addressKey: this.keyOf("address", client.ip),
      cardKey: fingerprint ? this.keyOf("card", fingerprint) : null,
    };
  }

  /**
   * Which limit this attempt would pass, or null when it may go on. A refusal is logged for the
   * trader with what was reached and the counts, and a short tag of the key (the same tag on
   * several lines is one tester) — never the card, the address or the member.
   */
  async refusal(kind: CardAttemptKind, client: CardAttemptClient, fingerprint: string | null): Promise<CardLimitReached | null> {
    const keys = this.keysOf(client, fingerprint);
    const since = new Date(Date.now() - this.limits.windowMinutes * 60_000);
    const result = await this.db.execute(sql`
      select
        count(*) filter (where session_key = ${keys.sessionKey})::int as session,
        count(*) filter (where address_key = ${keys.addressKey})::int as address,
        count(*) filter (where card_key = ${keys.cardKey ?? ""})::int as card
      from card_attempts
      where failed and created_at > ${since}
        and (session_key = ${keys.sessionKey} or address_key = ${keys.addressKey} or card_key = ${keys.cardKey ?? ""})`);
    const counts = (result as unknown as { rows: { session: number; address: number; card: number }[] }).rows[0]!;
    const reached: CardLimitReached | null =
      counts.card >= this.limits.failuresPerCard && keys.cardKey
        ? "card"
        : counts.session >= this.limits.failuresPerSession
          ? "session"
          : counts.address >= this.limits.failuresPerAddress
            ? "address"
            : null;
    if (reached) {
      const tag = { session: keys.sessionKey, address: keys.addressKey, card: keys.cardKey ?? "" }[reached].slice(0, 10);
      this.log.warn(
        {
          cardTesting: {
            kind,
            limit: reached,
            tag,
            failures: { session: counts.session, address: counts.address, card: counts.card },
            windowMinutes: this.limits.windowMinutes,
          },
        },
        "card attempt refused: too many refused cards (card testing suspected)",
      );
    }
    return reached;
  }

  /** Notes an attempt the gateway answered; `failed` when the card was refused (declined, failed 3-D Secure, not saved). */
  async record(kind: CardAttemptKind, client: CardAttemptClient, fingerprint: string | null, failed: boolean): Promise<void> {
    await this.db.insert(cardAttemptsTable).values({ kind, ...this.keysOf(client, fingerprint), failed });
    if (failed) this.log.info({ cardAttempt: { kind, failed } }, "card refused by the gateway");
    // Old attempts are dead weight; sweep now and then instead of on a timer.
    if (Math.random() < 0.02) {
      void this.db.execute(sql`delete from card_attempts where created_at < ${new Date(Date.now() - KEEP_MS)}`).catch(() => undefined);
    }
  }
}
