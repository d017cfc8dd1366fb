import { describe, expect, it } from "vitest";
import type { OrderResource } from "../../../domain/checkout.ts";
import { appendOrders, displayZip, isNearBottom, nextPageOf, SCROLL_THRESHOLD_PX, statusTone } from "./order-history.ts";

describe("infinite scroll trigger", () => {
  const at = (scrollTop: number) => ({ scrollTop, viewportHeight: 800, documentHeight: 3000 });

  it("fires within 250 px of the bottom and not before", () => {
    expect(SCROLL_THRESHOLD_PX).toBe(250);
    expect(isNearBottom(at(1949))).toBe(false); // 251 px left
    expect(isNearBottom(at(1950))).toBe(true); // 250 px left
    expect(isNearBottom(at(2200))).toBe(true); // at the bottom
  });

  it("fires on a page shorter than the window only when asked (a scroll event)", () => {
    expect(isNearBottom({ scrollTop: 0, viewportHeight: 800, documentHeight: 600 })).toBe(true);
  });
});

describe("next page", () => {
  it("is none before page 1 has answered: page 1 never loads by scrolling", () => {
    expect(nextPageOf(null)).toBeNull();
  });

  it("counts up until current_page reaches total_page", () => {
    expect(nextPageOf({ current_page: 1, total_page: 3 })).toBe(2);
    expect(nextPageOf({ current_page: 2, total_page: 3 })).toBe(3);
    expect(nextPageOf({ current_page: 3, total_page: 3 })).toBeNull();
    expect(nextPageOf({ current_page: 1, total_page: 1 })).toBeNull();
    expect(nextPageOf({ current_page: 1, total_page: 0 })).toBeNull();
  });
});

function order(id: string): OrderResource {
  return {
    id,
    attributes: {
      created_at: "2026-05-01T01:00:00.000Z",
      status: "await_payment",
      payment_method: "bank",
      price: 4730,
      shipping_fee: 1100,
      payment_method_fee: 0,
      charges: [{ kind: "shipping", label: "送料", amount: 1100, taxable: true }],
      tax_total: 430,
      taxes: [{ rate: 10, base: 4300, tax: 430 }],
      slip_number: null,
      desired_delivery_date: null,
      desired_delivery_timezone: null,
      desired_delivery_timezone_label: null,
      memo: "",
      name: "蔵前 花子",
      address: { country: "jp", zip: "1110051", address: "東京都台東区蔵前1-1-1", building_name: "" },
      recipient: null,
      order_items: [],
    },
  };
}

describe("appending a page", () => {
  it("keeps the shown orders first and adds the page after them", () => {
    expect(appendOrders([order("a"), order("b")], [order("c")]).map((o) => o.id)).toEqual(["a", "b", "c"]);
  });

  it("shows an order once when a new order shifted it onto the next page", () => {
    expect(appendOrders([order("a"), order("b")], [order("b"), order("c")]).map((o) => o.id)).toEqual(["a", "b", "c"]);
  });
});

describe("status badge tone", () => {
  it("is grey for awaiting payment, info for deposited, success for sent, grey for the rest", () => {
    expect(statusTone("await_payment")).toBe("grey");
    expect(statusTone("deposited")).toBe("info");
    expect(statusTone("sent")).toBe("success");
    expect(statusTone("pending")).toBe("grey");
    expect(statusTone("cancelled")).toBe("grey");
  });
});

describe("postcode on the card", () => {
  it("writes a Japanese postcode with 〒 and its hyphen, a foreign one as given", () => {
    expect(displayZip("jp", "1110051")).toBe("〒111-0051");
    expect(displayZip("gb", "SW1A 1AA")).toBe("SW1A 1AA");
    expect(displayZip("jp", "111-0051")).toBe("〒111-0051");
  });
});
