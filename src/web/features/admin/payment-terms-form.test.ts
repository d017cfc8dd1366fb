import { describe, expect, it } from "vitest";
import type { PaymentTerms } from "../../../domain/payment-methods/payment-terms.ts";
import { termsFromForm, tierRows } from "./payment-terms-form.ts";

// /admin/settings/payments without JavaScript (decision 077): one group of fields per method, read back into its terms.

const saved: PaymentTerms = {
  enabled: true,
  position: 3,
  feeTiers: [
    { upTo: 10000, fee: 330 },
    { upTo: null, fee: 440 },
  ],
  min: 0,
  max: 300000,
  daysToPay: null,
  notes: { ja: "代引きです", en: "Cash on delivery" },
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("tierRows", () => {
  it("puts one blank row before the open-ended last tier, each row knowing its tier's index", () => {
    expect(tierRows(saved)).toEqual([
      { upTo: 10000, fee: 330, tier: 0 },
      { upTo: "", fee: "", tier: null },
      { upTo: null, fee: 440, tier: 1 },
    ]);
  });

  it("offers the blank row before a flat fee too", () => {
    expect(tierRows({ feeTiers: [{ upTo: null, fee: 0 }] })).toEqual([
      { upTo: "", fee: "", tier: null },
      { upTo: null, fee: 0, tier: 0 },
    ]);
  });
});

describe("termsFromForm", () => {
  const posted = {
    "cod.enabled": "on",
    "cod.position": " 2 ",
    "cod.min": "0",
    "cod.max": "",
    "cod.daysToPay": "",
    "cod.notesJa": " 代金引換 ",
    "cod.notesEn": "",
    "cod.tier.0.upTo": "10000",
    "cod.tier.0.fee": "330",
    "cod.tier.1.upTo": "",
    "cod.tier.1.fee": "",
    "cod.tier.2.upTo": "",
    "cod.tier.2.fee": "660",
  };

  it("reads whole numbers as numbers and a blank limit as blank, for the API to treat as none", () => {
    const terms = termsFromForm("cod", form(posted), saved);
    expect(terms.position).toBe(2);
    expect(terms.min).toBe(0);
    expect(terms.max).toBe("");
    expect(terms.daysToPay).toBe("");
  });

  it("keeps what is not a whole number as typed, so the settings API names the problem", () => {
    expect(termsFromForm("cod", form({ ...posted, "cod.max": "30万" }), saved).max).toBe("30万");
  });

  it("drops blank tier rows and reads a tier without an upper bound as open-ended", () => {
    expect(termsFromForm("cod", form(posted), saved).feeTiers).toEqual([
      { upTo: 10000, fee: 330 },
      { upTo: null, fee: 660 },
    ]);
  });

  it("reads an unticked box as switched off and trims the notes", () => {
    const { "cod.enabled": _ticked, ...unticked } = posted;
    const terms = termsFromForm("cod", form(unticked), saved);
    expect(terms.enabled).toBe(false);
    expect(terms.notes).toEqual({ ja: "代金引換", en: "" });
  });

  it("reads only its own method's fields", () => {
    const terms = termsFromForm("bank", form(posted), { ...saved, position: 1 });
    expect(terms.enabled).toBe(false);
    expect(terms.feeTiers).toEqual([]);
    expect(terms.position).toBe("");
  });
});
