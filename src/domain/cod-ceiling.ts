/**
 * The total cash on delivery is refused from, unless the shop profile sets another. A module of its
 * own, free of zod: checkout-totals.ts reads it on the checkout page, whose first-page JavaScript
 * must not carry shop-profile.ts's schema (zod is ~26 kB gzipped; the first page's 150 kB budget, docs/performance.md).
 */
export const COD_CEILING = 300_000;
