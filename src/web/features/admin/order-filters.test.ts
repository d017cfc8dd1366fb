import { describe, expect, it } from "vitest";
import { orderFiltersOf, orderListQuery, pageOf } from "./order-filters.ts";

// The order list's filters as the address carries them: only known filters with usable values reach the API.

const search = (query: string) => new URLSearchParams(query);

describe("orderFiltersOf", () => {
  it("keeps a known status and drops an unknown one", () => {
    expect(orderFiltersOf(search("status=deposited"))).toEqual({ status: "deposited" });
    expect(orderFiltersOf(search("status=lost"))).toEqual({});
  });

  it("keeps a stored payment method and drops a code the registry does not know", () => {
    expect(orderFiltersOf(search("payment_method=bank"))).toEqual({ payment_method: "bank" });
    expect(orderFiltersOf(search("payment_method=bitcoin"))).toEqual({});
  });

  it("keeps real yyyy-MM-dd dates and drops other shapes and days that do not exist", () => {
    expect(orderFiltersOf(search("from=2026-02-28&to=2026-03-01"))).toEqual({ from: "2026-02-28", to: "2026-03-01" });
    expect(orderFiltersOf(search("from=2026-02-30&to=2026/03/01"))).toEqual({});
  });

  it("trims the search words, drops a blank one and cuts a long one at 100 characters", () => {
    expect(orderFiltersOf(search("q=%20%E5%B1%B1%E7%94%B0%20"))).toEqual({ q: "山田" });
    expect(orderFiltersOf(search("q=%20%20"))).toEqual({});
    expect(orderFiltersOf(search(`q=${"a".repeat(150)}`)).q).toHaveLength(100);
  });

  it("ignores parameters that are no filter", () => {
    expect(orderFiltersOf(search("page=3&sort=price"))).toEqual({});
  });
});

describe("pageOf", () => {
  it("reads a whole page number above 1 and anything else as the first page", () => {
    expect(pageOf(search("page=3"))).toBe(3);
    for (const page of ["", "page=0", "page=-2", "page=1.5", "page=two"]) expect(pageOf(search(page))).toBe(1);
  });
});

describe("orderListQuery", () => {
  it("writes the filters in a fixed order whatever order they were given in", () => {
    expect(orderListQuery({ q: "kura", status: "sent" })).toBe("?status=sent&q=kura");
  });

  it("adds the page only past the first and is empty without filters", () => {
    expect(orderListQuery({}, 1)).toBe("");
    expect(orderListQuery({}, 2)).toBe("?page=2");
    expect(orderListQuery({ status: "sent" }, 3)).toBe("?status=sent&page=3");
  });

  it("reads back through orderFiltersOf to the same filters", () => {
    const filters = { status: "await_payment", payment_method: "cod", from: "2026-11-01", to: "2026-11-30", q: "蔵の赤" };
    expect(orderFiltersOf(new URLSearchParams(orderListQuery(filters).slice(1)))).toEqual(filters);
  });
});
