import { describe, expect, it } from "vitest";
import { emptyGiftForm } from "./checkout-order.ts";
import { forgetCheckoutForm } from "./kept-checkout-form.ts";
import { keepDestinations, keptDestinations } from "./kept-destinations.ts";
import type { DestinationForm } from "./destinations-form.ts";
import { stubSessionStorage } from "../../testing/session-storage.ts";

// The several-destinations blocks kept in the tab's sessionStorage (decision 087, as the form is by
// decision 053): back whole for the shopper who typed them, each with a new key; nothing of a copy
// that is another's, damaged, forgotten or of another shape.

let keys = 0;
function fresh(): DestinationForm {
  keys += 1;
  const address = { country: { id: "jp", name: "日本" }, zip: "", prefecture: "", address: "", building_name: "" };
  return {
    key: `new${keys}`,
    delivery: { choice: "other", other: { name: "", phone: "", address } },
    quantities: {},
    wish: { date: "", timezone: "" },
    gift: emptyGiftForm(["御祝", "御歳暮"]),
  } as DestinationForm;
}

function typed(): DestinationForm[] {
  const first = fresh();
  const second = fresh();
  return [
    {
      ...first,
      delivery: {
        choice: "other",
        other: {
          name: "比嘉 ツル",
          kana: "ヒガ ツル",
          phone: "098-867-1234",
          address: { ...first.delivery.other.address, zip: "9000001", prefecture: "47", address: "那覇市港町1-1" },
        },
      },
      quantities: { "12": 2, "15": 1 },
      wish: { date: "2026-12-24", timezone: "14-16" },
      gift: { ...first.gift, noshi: true, omotegaki: "御歳暮", name: "蔵前", wrapping: true },
    },
    {
      ...second,
      delivery: { ...second.delivery, choice: "buyer" },
      quantities: { "12": 1 },
    },
  ];
}

/** The blocks without their keys, which each page makes anew. */
const withoutKeys = (destinations: DestinationForm[]) => destinations.map(({ key: _key, ...rest }) => rest);

stubSessionStorage();

describe("the kept destinations", () => {
  it("come back whole for the shopper who typed them, the mode too, each block with a new key", () => {
    const blocks = typed();
    keepDestinations({ several: true, destinations: blocks }, 7);
    const kept = keptDestinations(7, fresh)!;
    expect(kept.several).toBe(true);
    expect(withoutKeys(kept.destinations)).toEqual(withoutKeys(blocks));
    expect(kept.destinations.map((block) => block.key)).not.toEqual(blocks.map((block) => block.key));
    keepDestinations({ several: false, destinations: blocks }, null);
    expect(keptDestinations(null, fresh)?.several).toBe(false);
  });

  it("are nothing for another account, once forgotten with the form, or when damaged", () => {
    expect(keptDestinations(null, fresh)).toBeNull();
    keepDestinations({ several: true, destinations: typed() }, null);
    expect(keptDestinations(7, fresh)).toBeNull();
    forgetCheckoutForm();
    expect(keptDestinations(null, fresh)).toBeNull();
    sessionStorage.setItem("checkoutDestinations", "{not json");
    expect(keptDestinations(null, fresh)).toBeNull();
    sessionStorage.setItem("checkoutDestinations", JSON.stringify({ account: null, several: true, destinations: "three" }));
    expect(keptDestinations(null, fresh)).toBeNull();
  });

  it("take from an older or tampered copy only what has the block's shape", () => {
    sessionStorage.setItem(
      "checkoutDestinations",
      JSON.stringify({
        account: null,
        several: true,
        destinations: [
          {
            delivery: { choice: "javascript:alert(1)", other: { name: 42 } },
            quantities: { "12": 2, "13": -1, "14": 1.5, "15": "3" },
            wish: { date: "2026-12-24" },
            gift: { wrapping: "yes" },
          },
          { delivery: { choice: "book:9" }, quantities: {} },
          "not a block",
        ],
      }),
    );
    const kept = keptDestinations(null, fresh)!;
    expect(kept.destinations).toHaveLength(2);
    const [first, second] = kept.destinations as [DestinationForm, DestinationForm];
    expect(first.delivery.choice).toBe("other");
    expect(first.delivery.other.name).toBe("");
    expect(first.quantities).toEqual({ "12": 2 });
    expect(first.wish).toEqual({ date: "2026-12-24", timezone: "" });
    expect(first.gift.wrapping).toBe(false);
    // An address-book choice without its entry falls back to a typed recipient.
    expect(second.delivery.choice).toBe("other");
  });
});
