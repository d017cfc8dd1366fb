import { describe, expect, it } from "vitest";
import type { CartItem } from "../../../domain/cart.ts";
import { destinationsAfterAction, destinationsFieldMessages, destinationsOfFields, emptyDestination, withAllBottlesFirst } from "./destinations-form.ts";

const items = [
  { id: "12", name: "甲州 白", amount: 3 },
  { id: "7", name: "山廃 純米", amount: 1 },
] as CartItem[];
const options = { defaultCountryName: "日本", omotegaki: ["御祝", "御歳暮"] };
const fresh = () => emptyDestination("日本", options.omotegaki);

describe("the several-destinations blocks as data (decision 096)", () => {
  it("gives the first block every bottle when none is assigned yet, and leaves assigned blocks as they are", () => {
    const [first, second] = withAllBottlesFirst([fresh(), fresh()], items);
    expect(first!.quantities).toEqual({ "12": 3, "7": 1 });
    expect(second!.quantities).toEqual({});
    const assigned = [{ ...fresh(), quantities: { "12": 1 } }, fresh()];
    expect(withAllBottlesFirst(assigned, items)[0]!.quantities).toEqual({ "12": 1 });
  });

  it("reads the posted blocks up to the first index missing: recipient, bottles of the cart's items, wish and gift", () => {
    const blocks = destinationsOfFields(
      {
        dest0_choice: "other",
        dest0_name: "比嘉 ツル",
        dest0_phone: "098-111-2222",
        dest0_zip: "900-0015",
        dest0_prefecture: "47",
        dest0_address: "那覇市久茂地1-1-1",
        dest0_qty_12: "2",
        dest0_qty_7: "x",
        dest0_qty_99: "5",
        dest0_date: "2026-12-03",
        dest0_timezone: "14-16",
        dest0_noshi: "1",
        dest0_omotegaki: "御歳暮",
        dest0_noshi_name: "蔵前",
        dest0_placement: "sideways",
        dest0_message: "  ",
        dest1_choice: "buyer",
        dest1_wrapping: "1",
        dest3_choice: "other",
      },
      items,
      options,
    );
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({
      key: "p0",
      delivery: { choice: "other", other: { name: "比嘉 ツル", phone: "098-111-2222", address: { zip: "900-0015", prefecture: "47" } } },
      quantities: { "12": 2 },
      wish: { date: "2026-12-03", timezone: "14-16" },
      gift: { noshi: true, omotegaki: "御歳暮", name: "蔵前", placement: "outer", messageCard: false, wrapping: false },
    });
    expect(blocks[1]).toMatchObject({ key: "p1", delivery: { choice: "buyer" }, gift: { wrapping: true, noshi: false } });
  });

  it("reads an address-book choice that is not the shopper's as typed fields", () => {
    const [block] = destinationsOfFields({ dest0_choice: "book:5", dest0_name: "田中 三郎" }, items, { ...options, book: [] });
    expect(block!.delivery.choice).toBe("other");
    expect(block!.delivery.entry).toBeUndefined();
  });

  it("adds a block, removes one (never the last), and numbers the keys by place", () => {
    const two = destinationsAfterAction("add", [fresh()], fresh);
    expect(two.map((each) => each.key)).toEqual(["p0", "p1"]);
    const named = [
      { ...fresh(), wish: { date: "a", timezone: "" } },
      { ...fresh(), wish: { date: "b", timezone: "" } },
    ];
    expect(destinationsAfterAction("remove:0", named, fresh).map((each) => [each.key, each.wish.date])).toEqual([["p0", "b"]]);
    expect(destinationsAfterAction("remove:0", [fresh()], fresh)).toHaveLength(1);
    expect(destinationsAfterAction("remove:x", named, fresh)).toHaveLength(2);
  });

  it("names each destination's message by its number, the general ones as they are", () => {
    const t = (key: string, params?: Record<string, string | number>) => `${key}|${params?.n}|${params?.message}`;
    expect(destinationsFieldMessages({ "shipments.3.recipient.zip": ["郵便番号は7桁"], shipments: ["全体"] }, t as never)).toEqual([
      "destinations.fieldError|4|郵便番号は7桁",
      "全体",
    ]);
  });
});
