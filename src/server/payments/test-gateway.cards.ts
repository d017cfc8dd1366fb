/**
 * Stripe's test card numbers (https://docs.stripe.com/testing) and what each does, so a shopper who
 * knows them from Stripe finds the same behaviour here. Any future expiry and any CVC of the right
 * length work. Other numbers are refused, as Stripe's test mode refuses real cards: nobody should
 * type a real card into a shop that cannot charge it.
 */
export type TestCardBehaviour =
  | "succeeds"
  /** 3-D Secure on every payment made while the shopper is present; none once saved for off-session use. */
  | "authenticate_unless_set_up"
  /** 3-D Secure on every payment, and an off-session payment is declined (authentication_required). */
  | "authenticate_always"
  | "insufficient_funds"
  | "generic_decline"
  | "expired_card"
  | "incorrect_cvc";

export const TEST_CARDS: Readonly<Record<string, TestCardBehaviour>> = {
  "4242424242424242": "succeeds",
  "4000056655665556": "succeeds",
  "5555555555554444": "succeeds",
  "2223003122003222": "succeeds",
  "378282246310005": "succeeds",
  "3566002020360505": "succeeds",
  "36227206271667": "succeeds",
  "6011111111111117": "succeeds",
  "4000002500003155": "authenticate_unless_set_up",
  "4000002760003184": "authenticate_always",
  "4000000000003220": "authenticate_always",
  "4000000000009995": "insufficient_funds",
  "4000000000000002": "generic_decline",
  "4000000000000069": "expired_card",
  "4000000000000127": "incorrect_cvc",
};

/** The decline a card always gives, as Stripe's error code and decline code. */
export type DeclineCode = "insufficient_funds" | "generic_decline" | "expired_card" | "incorrect_cvc";

export function declineOf(behaviour: TestCardBehaviour): { code: string; declineCode: DeclineCode } | null {
  switch (behaviour) {
    case "insufficient_funds":
    case "generic_decline":
      return { code: "card_declined", declineCode: behaviour };
    case "expired_card":
    case "incorrect_cvc":
      return { code: behaviour, declineCode: behaviour };
    default:
      return null;
  }
}

/** Whether paying with this card needs a 3-D Secure challenge, or is declined for want of one. */
export function authenticationFor(
  behaviour: TestCardBehaviour,
  payment: { offSession: boolean; setUpForOffSession: boolean },
): "none" | "challenge" | "decline" {
  if (behaviour === "authenticate_always") return payment.offSession ? "decline" : "challenge";
  if (behaviour === "authenticate_unless_set_up") {
    if (payment.offSession) return payment.setUpForOffSession ? "none" : "decline";
    return "challenge";
  }
  return "none";
}
