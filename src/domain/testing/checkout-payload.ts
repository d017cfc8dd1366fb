import type { CheckoutPayload } from "../checkout.ts";

/**
 * The order form a browser posts, for tests of the checkout's own code in the browser: two bottles
 * of product 1 by bank transfer to 山田 花子 in 蔵前, no recipient, wish or gift unless `overrides`
 * add them. (The server's tests post theirs through `orderPayload`, src/server/testing.)
 */
export function checkoutPayload(overrides: Partial<CheckoutPayload> = {}): CheckoutPayload {
  return {
    items: [{ id: 1, amount: 2 }],
    memo: "",
    payment: {},
    address: { country: "jp", zip: "111-0051", prefecture: 13, address: "台東区蔵前3-14-7", building_name: "" },
    payment_method: "bank",
    name: "山田 花子",
    email: "hanako@example.com",
    phone: "090-1234-5678",
    desired_delivery_date: "",
    desired_delivery_timezone: "",
    ...overrides,
  };
}
