import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { SavedCard } from "../../domain/card.ts";
import type { Database } from "../db/client.ts";
import { memberCardsTable } from "../db/schema/payments.ts";
import { DomainError } from "../../domain/errors.ts";
import type { CardAttemptClient, CardTestingDefence } from "./card-testing.ts";
import type { PaymentGateway, PaymentLog } from "./payment-gateway.ts";
import { PaymentGatewayError } from "./payment-gateway.ts";

/** What happened to a member's saved card, for those who tell the member (decision 064). */
export type SavedCardChange = { userId: number; change: "saved" | "removed"; card: SavedCard };

/** Metadata key tying a gateway object to the member it was made for. */
const MEMBER_KEY = "kura_user_id";

/**
 * A member's saved card: one per member, kept at the gateway
 * (customer + payment method, set up through a SetupIntent so later payments need no new
 * challenge); the shop stores only the references and what may be shown.
 */
export class CardsService {
  constructor(
    private readonly db: Database,
    private readonly gateway: PaymentGateway,
    private readonly log: PaymentLog,
    /** Counts refused registrations and stops a card tester (decision 064); absent in tools that only read cards. */
    private readonly defence?: CardTestingDefence,
  ) {}

  private readonly changeListeners: ((change: SavedCardChange) => Promise<void>)[] = [];

  /** Lets another module act when a member's saved card is saved or removed (the change mail). */
  onChange(listener: (change: SavedCardChange) => Promise<void>): void {
    this.changeListeners.push(listener);
  }

  private async changed(change: SavedCardChange): Promise<void> {
    for (const listener of this.changeListeners) await listener(change);
  }

  /** A 429 with the card-testing message when this client has had too many cards refused. */
  private async refuseCardTester(client: CardAttemptClient | undefined, fingerprint: string | null): Promise<void> {
    if (this.defence && client && (await this.defence.refusal("registration", client, fingerprint))) {
      throw new DomainError("too-many", "cardAttemptsLimited");
    }
  }

  async saved(userId: number): Promise<SavedCard | null> {
    const [row] = await this.db.select().from(memberCardsTable).where(eq(memberCardsTable.userId, userId));
    return row ? { brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear } : null;
  }

  /** The card's fingerprint at the gateway (decision 064), or null when the gateway gives none or does not know the id. */
  async fingerprintOf(paymentMethodId: string): Promise<string | null> {
    try {
      return (await this.gateway.retrievePaymentMethod(paymentMethodId)).fingerprint;
    } catch (error) {
      if (error instanceof PaymentGatewayError) return null;
      throw error;
    }
  }

  /** For paying with the saved card (registered_credit): the gateway's references, or null without one. */
  async paymentReferencesOf(userId: number): Promise<{ customerId: string; paymentMethodId: string } | null> {
    const [row] = await this.db.select().from(memberCardsTable).where(eq(memberCardsTable.userId, userId));
    return row ? { customerId: row.gatewayCustomerId, paymentMethodId: row.gatewayPaymentMethodId } : null;
  }

  /**
   * GET /api/cards/edit: a SetupIntent's client secret for the card form. The member's gateway
   * customer is created on first use; until a card is saved the shop has nowhere to keep its id, so
   * the creation is idempotent per member and address (the gateway answers a repeat with the same
   * customer; Stripe remembers keys for 24 hours).
   */
  async setupSecret(user: { id: number; email: string }, client?: CardAttemptClient): Promise<string> {
    await this.refuseCardTester(client, null);
    const references = await this.paymentReferencesOf(user.id);
    const customerId =
      references?.customerId ??
      (
        await this.gateway.createCustomer(
          { email: user.email, metadata: { [MEMBER_KEY]: String(user.id) } },
          { idempotencyKey: `kura-member-customer-${user.id}-${crypto.createHash("sha256").update(user.email).digest("hex").slice(0, 16)}` },
        )
      ).id;
    const intent = await this.gateway.createSetupIntent(customerId, { [MEMBER_KEY]: String(user.id) });
    return intent.clientSecret;
  }

  /**
   * PUT /api/cards: keeps the card a succeeded SetupIntent of this member saved, in place of the
   * previous one, which is detached from the gateway so it can no longer be charged.
   */
  async save(userId: number, setupIntentId: string, client?: CardAttemptClient): Promise<SavedCard> {
    await this.refuseCardTester(client, null);
    const refused = async (error: DomainError, fingerprint: string | null = null): Promise<never> => {
      if (this.defence && client) await this.defence.record("registration", client, fingerprint, true);
      throw error;
    };
    const intent = await this.gateway.retrieveSetupIntent(setupIntentId).catch(async (error: unknown) => {
      if (error instanceof PaymentGatewayError && error.kind === "invalid_request") return refused(notConfirmed());
      throw error;
    });
    // Another member's SetupIntent (or one made elsewhere) is refused the same way as an unknown one.
    if (intent.metadata[MEMBER_KEY] !== String(userId) || !intent.customerId || !intent.paymentMethodId) return refused(notConfirmed());
    const method = await this.gateway.retrievePaymentMethod(intent.paymentMethodId);
    // The same card refused too often elsewhere is not saved here either.
    await this.refuseCardTester(client, method.fingerprint);
    if (intent.status !== "succeeded") return refused(notConfirmed(intent.lastError?.message), method.fingerprint);
    if (method.customerId !== intent.customerId) return refused(notConfirmed(), method.fingerprint);
    if (this.defence && client) await this.defence.record("registration", client, method.fingerprint, false);

    const card: SavedCard = { brand: method.brand, last4: method.last4, exp_month: method.exp_month, exp_year: method.exp_year };
    const values = {
      gatewayCustomerId: intent.customerId,
      gatewayPaymentMethodId: intent.paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      updatedAt: new Date(),
    };
    const previous = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(memberCardsTable).where(eq(memberCardsTable.userId, userId)).for("update");
      await tx
        .insert(memberCardsTable)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: memberCardsTable.userId, set: values });
      return before;
    });
    if (previous && previous.gatewayPaymentMethodId !== intent.paymentMethodId) await this.detach(previous.gatewayPaymentMethodId);
    if (previous?.gatewayPaymentMethodId !== intent.paymentMethodId) await this.changed({ userId, change: "saved", card });
    return card;
  }

  /** DELETE /api/cards: forgets the card and detaches it at the gateway; nothing to delete is fine. `quiet`: no change mail (the account is being cancelled). */
  async remove(userId: number, options: { quiet?: boolean } = {}): Promise<void> {
    const [removed] = await this.db.delete(memberCardsTable).where(eq(memberCardsTable.userId, userId)).returning();
    if (removed) await this.detach(removed.gatewayPaymentMethodId);
    if (removed && !options.quiet)
      await this.changed({
        userId,
        change: "removed",
        card: { brand: removed.brand, last4: removed.last4, exp_month: removed.expMonth, exp_year: removed.expYear },
      });
  }

  /** The shop has already let go of the card; a gateway that fails to detach it is logged, not shown. */
  private async detach(paymentMethodId: string): Promise<void> {
    try {
      await this.gateway.detachPaymentMethod(paymentMethodId);
    } catch (error) {
      this.log.warn({ paymentMethodId, reason: error instanceof PaymentGatewayError ? error.kind : "unknown" }, "saved card not detached");
    }
  }
}

function notConfirmed(gatewayMessage?: string): DomainError {
  return new DomainError("invalid", "cardNotSaved", undefined, gatewayMessage ? [gatewayMessage] : undefined);
}
