/**
 * Where a card payment link leads (decision 082): the page /pay/{token} and its API /api/pay/{token}.
 * A module of its own, so the page frame (root.tsx) can keep the age gate off it without the rest.
 */
export const PAYMENT_LINK_PATH = "/pay";
