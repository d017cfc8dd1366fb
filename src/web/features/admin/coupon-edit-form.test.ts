import { describe, expect, it } from "vitest";
import { couponInputSchema } from "../../../domain/coupon-input.ts";
import type { CouponEditRow } from "./coupon-edit-form.ts";
import { couponFormValues, couponPatchBody } from "./coupon-edit-form.ts";

const row: CouponEditRow = {
  id: 7,
  code: "SPRING",
  name_ja: "春の感謝祭",
  name_en: "Spring thanks",
  kind: "fixed",
  value: 500,
  minimum_order: 3000,
  valid_from: "2026-04-01",
  valid_until: "2026-04-30",
  total_limit: 100,
  per_member_limit: null,
  product_ids: [3, 12],
  series_ids: [],
  liquor_types: ["wine", "sake"],
  members_only: true,
  member_id: null,
  active: true,
  combinable: false,
  used_count: 4,
  uses: 4,
  given_back: 1,
  members: 3,
  discount_given: 2000,
};

describe("the coupon edit form", () => {
  it("shows the coupon as stored: blank for no limit, lists comma-separated, boxes on or blank", () => {
    expect(couponFormValues(row)).toMatchObject({
      value: "500",
      total_limit: "100",
      per_member_limit: "",
      product_ids: "3, 12",
      series_ids: "",
      liquor_types: "wine, sake",
      members_only: "on",
      active: "on",
      combinable: "",
    });
    expect(couponFormValues({ ...row, kind: "free_shipping", value: 0 }).value).toBe("");
  });

  it("sends an unticked box as unticked: the API reads an absent 「有効」 as active", () => {
    const posted = { ...couponFormValues(row) } as Record<string, string>;
    delete posted.active;
    delete posted.members_only;
    posted.combinable = "on";
    const body = couponPatchBody(posted);
    expect(body).toMatchObject({ active: "", members_only: "", combinable: "on" });
    const parsed = couponInputSchema.parse(body);
    expect(parsed).toMatchObject({ active: false, membersOnly: false, combinable: true });
  });

  it("sends the coupon back unchanged when nothing was changed", () => {
    const parsed = couponInputSchema.parse(couponPatchBody(couponFormValues(row)));
    expect(parsed).toMatchObject({
      code: "SPRING",
      nameJa: "春の感謝祭",
      kind: "fixed",
      value: 500,
      minimumOrder: 3000,
      validFrom: "2026-04-01",
      validUntil: "2026-04-30",
      totalLimit: 100,
      perMemberLimit: null,
      target: { productIds: [3, 12], seriesIds: [], liquorTypes: ["wine", "sake"] },
      membersOnly: true,
      active: true,
      combinable: false,
    });
  });
});
