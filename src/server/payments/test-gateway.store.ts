import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { BillingDetails } from "../../domain/card.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { testGatewayObjectsTable } from "../db/schema/payments.ts";
import type { CardError, PaymentIntentStatus, PaymentMethodType, SetupIntentResult } from "./payment-gateway.ts";
import { PaymentGatewayError } from "./payment-gateway.ts";
import type { TestCardBehaviour } from "./test-gateway.cards.ts";

// The test gateway's objects, kept as JSON in test_gateway_objects and shaped like Stripe's. Card
// numbers are never stored: a payment method keeps its brand, last four digits, expiry and the
// behaviour of its test number.

export interface StoredCustomer {
  email: string;
  metadata: Record<string, string>;
  fingerprint: string | null;
}

export interface StoredPaymentMethod {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  billing_details: BillingDetails;
  customer: string | null;
  behaviour: TestCardBehaviour;
  /** Saved through a SetupIntent, so off-session payments need no new challenge. */
  set_up_for_off_session: boolean;
  /** The same for every payment method of one card number, as Stripe's card.fingerprint (absent on older methods). */
  fingerprint?: string;
}

export interface StoredPaymentIntent {
  amount: number;
  currency: "jpy";
  status: PaymentIntentStatus;
  client_secret: string;
  customer: string | null;
  /** The card's payment method; null for konbini and PayPay (nothing of theirs is kept). */
  payment_method: string | null;
  metadata: Record<string, string>;
  off_session: boolean;
  /** Absent on intents made before konbini and PayPay existed: those are cards. */
  payment_method_type?: PaymentMethodType;
  /** Konbini: the voucher, kept after it settles. */
  konbini?: StoredKonbiniVoucher | null;
  /** PayPay: where the approval page sends the shopper back. */
  return_url?: string | null;
  last_payment_error: CardError | null;
  amount_received: number;
  amount_refunded: number;
  /** The parameters of the first request, to refuse an idempotency key reused with others. */
  fingerprint: string;
  locale: Locale;
}

export interface StoredKonbiniVoucher {
  confirmation_number: string;
  payment_code: string;
  /** ISO 8601. */
  expires_at: string;
  /** Opens the voucher page (the client secret stays with the shop). */
  token: string;
}

export interface StoredSetupIntent {
  status: SetupIntentResult["status"];
  client_secret: string;
  customer: string;
  payment_method: string | null;
  metadata: Record<string, string>;
  last_setup_error: CardError | null;
}

export interface StoredRefund {
  payment_intent: string;
  amount: number;
  status: "succeeded";
  fingerprint: string;
}

interface Stored {
  customer: StoredCustomer;
  payment_method: StoredPaymentMethod;
  payment_intent: StoredPaymentIntent;
  setup_intent: StoredSetupIntent;
  refund: StoredRefund;
}

export type ObjectKind = keyof Stored;

const PREFIXES: Record<ObjectKind, string> = {
  customer: "cus_test_",
  payment_method: "pm_test_",
  payment_intent: "pi_test_",
  setup_intent: "seti_test_",
  refund: "re_test_",
};

export function newObjectId(kind: ObjectKind): string {
  return PREFIXES[kind] + crypto.randomBytes(18).toString("base64url").replace(/[-_]/g, "x");
}

export function newEventId(): string {
  return `evt_test_${crypto.randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`;
}

/**
 * The id an idempotent request creates: derived from its key, so two requests racing with one key
 * insert the same row and the database lets only one of them in.
 */
export function idempotentObjectId(kind: ObjectKind, key: string): string {
  return PREFIXES[kind] + crypto.createHash("sha256").update(`${kind}:${key}`).digest("base64url").slice(0, 24).replace(/[-_]/g, "x");
}

export function newVoucherToken(): string {
  return crypto.randomBytes(18).toString("base64url");
}

export function newClientSecret(id: string): string {
  return `${id}_secret_${crypto.randomBytes(18).toString("base64url")}`;
}

/** Stripe's client secrets start with their object's id: pi_…_secret_…, seti_…_secret_…. */
export function idOfClientSecret(clientSecret: string): string {
  return clientSecret.split("_secret_")[0] ?? "";
}

export function secretsMatch(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** A card number's fingerprint: a short one-way hash, so the number itself is never kept. */
export function cardFingerprintOf(number: string): string {
  return crypto.createHash("sha256").update(`kura-test-card:${number}`).digest("base64url").slice(0, 16);
}

export function fingerprintOf(parameters: unknown): string {
  return crypto.createHash("sha256").update(JSON.stringify(parameters)).digest("base64url");
}

export class TestGatewayStore {
  constructor(private readonly db: Database) {}

  async find<K extends ObjectKind>(kind: K, id: string, executor: Database = this.db, lock = false): Promise<Stored[K] | null> {
    const where = and(eq(testGatewayObjectsTable.id, id), eq(testGatewayObjectsTable.kind, kind));
    const query = executor.select({ data: testGatewayObjectsTable.data }).from(testGatewayObjectsTable).where(where);
    const [row] = lock ? await query.for("update") : await query;
    return row ? (row.data as unknown as Stored[K]) : null;
  }

  /** Like find, but an unknown id is the caller's mistake, worded as Stripe words it. */
  async get<K extends ObjectKind>(kind: K, id: string, executor: Database = this.db, lock = false): Promise<Stored[K]> {
    const found = await this.find(kind, id, executor, lock);
    if (!found) throw new PaymentGatewayError("invalid_request", `No such ${kind}: '${id}'`);
    return found;
  }

  /** Inserts unless the id exists; returns whether this call inserted it. */
  async insert<K extends ObjectKind>(kind: K, id: string, data: Stored[K], executor: Database = this.db): Promise<boolean> {
    const inserted = await executor
      .insert(testGatewayObjectsTable)
      .values({ id, kind, data: data as unknown as Record<string, unknown> })
      .onConflictDoNothing()
      .returning({ id: testGatewayObjectsTable.id });
    return inserted.length === 1;
  }

  async update<K extends ObjectKind>(kind: K, id: string, data: Stored[K], executor: Database = this.db): Promise<void> {
    await executor
      .update(testGatewayObjectsTable)
      .set({ data: data as unknown as Record<string, unknown>, updatedAt: new Date() })
      .where(and(eq(testGatewayObjectsTable.id, id), eq(testGatewayObjectsTable.kind, kind)));
  }

  /** Konbini intents still waiting whose voucher's deadline is at or before `now`. */
  async overdueVouchers(now: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: testGatewayObjectsTable.id })
      .from(testGatewayObjectsTable)
      .where(
        and(
          eq(testGatewayObjectsTable.kind, "payment_intent"),
          sql`${testGatewayObjectsTable.data}->>'payment_method_type' = 'konbini'`,
          sql`${testGatewayObjectsTable.data}->>'status' = 'requires_action'`,
          sql`(${testGatewayObjectsTable.data}->'konbini'->>'expires_at')::timestamptz <= ${now.toISOString()}::timestamptz`,
        ),
      );
    return rows.map((row) => row.id);
  }

  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx as unknown as Database));
  }
}
