/**
 * The shop's side of a deferred-payment service (後払い, decision 080), shaped like the Japanese
 * ones (NP後払い, atone, GMO後払い): a credit check when the order is placed, the shipment
 * registered once the parcel left (the service then posts or mails the invoice), and notices back
 * when the buyer paid or is overdue. Stripe has no such service; the built-in test one below stands
 * in until the trader signs a contract with one.
 */

/** What the service is told of an order at the credit check. */
export interface DeferredOrder {
  publicId: string;
  /** Yen, tax and fee included: the amount the invoice asks. */
  price: number;
  name: string;
  email: string;
  phone: string;
  zip: string;
  address: string;
}

export type Assessment = "approved" | "declined" | "on_hold";

/** The service's notice about an invoice: the buyer paid it, or did not by its deadline. */
export interface DeferredNotice {
  kind: "paid" | "overdue";
  orderPublicId: string;
}

export interface DeferredPaymentService {
  /** The stored payment method it serves. */
  readonly code: string;
  /** The credit check at order time, before the order is written. */
  assess(order: DeferredOrder): Promise<Assessment>;
  /** The parcel left: the service sends the invoice. */
  registerShipment(orderPublicId: string, carrier: string | null, slipNumber: string | null): Promise<void>;
  /** Listens to the service's paid / overdue notices (a webhook on a real service). */
  onNotice(listener: (notice: DeferredNotice) => Promise<void>): void;
}

/**
 * The test service: deterministic, in memory. A buyer whose name or e-mail contains "decline" is
 * declined, "hold" is held; everyone else approved. `settle` and `markOverdue` send the notices a
 * real service's webhook would, for an order whose shipment was registered.
 */
export class TestDeferredPaymentService implements DeferredPaymentService {
  readonly code = "deferred";
  readonly assessed = new Map<string, Assessment>();
  readonly shipments = new Map<string, { carrier: string | null; slipNumber: string | null }>();
  private readonly listeners: ((notice: DeferredNotice) => Promise<void>)[] = [];

  async assess(order: DeferredOrder): Promise<Assessment> {
    const who = `${order.name} ${order.email}`.toLowerCase();
    const result: Assessment = who.includes("decline") ? "declined" : who.includes("hold") ? "on_hold" : "approved";
    this.assessed.set(order.publicId, result);
    return result;
  }

  /** Set by a test: the next registration fails as an unreachable service would. */
  failNextRegistration = false;

  async registerShipment(orderPublicId: string, carrier: string | null, slipNumber: string | null): Promise<void> {
    if (this.failNextRegistration) {
      this.failNextRegistration = false;
      throw new Error("deferred-payment service unreachable");
    }
    this.shipments.set(orderPublicId, { carrier, slipNumber });
  }

  onNotice(listener: (notice: DeferredNotice) => Promise<void>): void {
    this.listeners.push(listener);
  }

  /** The buyer paid the invoice. */
  async settle(orderPublicId: string): Promise<void> {
    await this.notify({ kind: "paid", orderPublicId });
  }

  /** The invoice's deadline passed unpaid. */
  async markOverdue(orderPublicId: string): Promise<void> {
    await this.notify({ kind: "overdue", orderPublicId });
  }

  private async notify(notice: DeferredNotice): Promise<void> {
    if (!this.shipments.has(notice.orderPublicId)) throw new RangeError(`no registered shipment for ${notice.orderPublicId}`);
    for (const listener of this.listeners) await listener(notice);
  }
}
