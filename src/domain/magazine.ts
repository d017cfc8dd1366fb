/**
 * A mail magazine subscription as a member sees it: `pending` waits for its confirmation link
 * (double opt-in), `subscribed` has given consent, `unsubscribed` has stopped it, `none` never asked.
 */
export type MagazineStatus = "none" | "pending" | "subscribed" | "unsubscribed";

/** GET/PUT /api/magazine/subscription. */
export interface MagazineSubscriptionResource {
  email: string;
  status: MagazineStatus;
}

/** How long a confirmation link works. */
export const MAGAZINE_CONFIRM_WITHIN_MS = 3 * 86_400_000;
