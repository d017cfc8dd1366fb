import { describe, expect, it } from "vitest";
import { addressBookEntryProblems, savedAddressProblems, savedAddressSchema } from "./address-schema.ts";
import { BULK_MOVE_PROBLEMS, bulkMoveSchema } from "./bulk-move-input.ts";
import { fieldMessages } from "./field-messages.ts";
import { ISSUED_DATA_FILE_MAX_BYTES, ISSUED_DATA_MAX_ROWS, issuedDataConfirmSchema, issuedDataFileSchema } from "./issued-data-input.ts";
import { settingsFormSchema } from "./settings-input.ts";

// The schemas of the last bodies that read anything (issue #30 item 1, decision 075), one case per
// rule: what the route answers and the page checks before sending.

/** The problem keys of a one-sentence schema's failure, in order. */
function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe("the saved address and address book entries", () => {
  const tokyo = { country: "jp", zip: "100-0001", prefecture: 13, address: "千代田区千代田1-1", building_name: "" };
  const mother = { name: "比嘉 ツル", phone: "098-867-1234", country: "jp", zip: "900-0021", prefecture: 47, address: "那覇市泉崎1-2-3" };

  it("reads the form bare or nested under address, and anything that is no form as an empty one", () => {
    expect(savedAddressSchema.parse({ address: tokyo })).toEqual({ ...tokyo, zip: "1000001" });
    for (const body of [42, [1], "text", null, {}])
      expect(savedAddressProblems(body)).toEqual({ zip: { kind: "blank" }, address: { kind: "blank" }, prefecture: { kind: "blank" } });
  });

  it("words a Japanese postcode that is not 7 digits, an address too long, a prefecture not in the list", () => {
    expect(savedAddressProblems({ ...tokyo, zip: "100-001" })).toEqual({ zip: { kind: "zip_format" } });
    expect(savedAddressProblems({ ...tokyo, address: "あ".repeat(256) })).toEqual({ address: { kind: "too_long", count: 255 } });
    expect(savedAddressProblems({ ...tokyo, prefecture: 48 })).toEqual({ prefecture: { kind: "inclusion" } });
    const worded = fieldMessages(savedAddressProblems({ ...tokyo, zip: "1" }), () => "郵便番号", "ja");
    expect(worded).toEqual({ zip: ["郵便番号は7桁の数字で入力してください"] });
    expect(fieldMessages(savedAddressProblems({ ...tokyo, zip: "1" }), () => "Zip", "en")).toEqual({ zip: ["Zip must be 7 digits"] });
  });

  it("asks an entry's name and phone: blank, not text, too long, a line break folded, not a phone number", () => {
    expect(addressBookEntryProblems(mother)).toEqual({});
    expect(addressBookEntryProblems({ ...mother, name: " ", phone: "" })).toEqual({ name: { kind: "blank" }, phone: { kind: "blank" } });
    expect(addressBookEntryProblems({ ...mother, name: 5, phone: ["1"] })).toEqual({ name: { kind: "invalid" }, phone: { kind: "invalid" } });
    expect(addressBookEntryProblems({ ...mother, name: "あ".repeat(101), phone: "0".repeat(31) })).toEqual({
      name: { kind: "too_long", count: 100 },
      phone: { kind: "too_long", count: 30 },
    });
    expect(addressBookEntryProblems({ ...mother, name: "比嘉\u0007ツル" })).toEqual({ name: { kind: "invalid_characters" } });
    expect(addressBookEntryProblems({ ...mother, phone: "call me" })).toEqual({ phone: { kind: "invalid" } });
    expect(addressBookEntryProblems(42)).toMatchObject({ name: { kind: "blank" }, phone: { kind: "blank" }, zip: { kind: "blank" } });
  });
});

describe("bulkMoveSchema", () => {
  it("takes a deposit's ids and a shipment's slips", () => {
    expect(bulkMoveSchema.parse({ move: "deposit", orders: [" a1 "] })).toEqual({ move: "deposit", orders: [{ id: "a1" }] });
    expect(bulkMoveSchema.parse({ move: "ship", orders: [{ id: "a1", slip_number: "1234", carrier: "" }] })).toEqual({
      move: "ship",
      orders: [{ id: "a1", slip_number: "1234", carrier: undefined }],
    });
  });

  it("names one problem a rule at a time: the move, the selection, its size, an entry", () => {
    for (const body of [42, [], "deposit", {}, { move: "sell", orders: ["a"] }]) expect(messages(bulkMoveSchema.safeParse(body))[0]).toBe("move");
    for (const orders of [undefined, "a", {}, []]) expect(messages(bulkMoveSchema.safeParse({ move: "deposit", orders }))).toEqual(["orders"]);
    expect(messages(bulkMoveSchema.safeParse({ move: "deposit", orders: Array.from({ length: 2001 }, (_, n) => `o${n}`) }))).toEqual(["many"]);
    for (const entry of [5, "", "x".repeat(41), { id: 5 }, { id: "a", slip_number: 1 }, { id: "a", carrier: "pigeon" }]) {
      expect(messages(bulkMoveSchema.safeParse({ move: "ship", orders: [entry] }))).toEqual(["item"]);
    }
    for (const problem of Object.values(BULK_MOVE_PROBLEMS)) expect(problem.ja && problem.en).toBeTruthy();
  });
});

describe("the issued-data upload's schemas", () => {
  it("takes the file as base64 (a data: URL's prefix allowed), refusing none, not base64 and over 4 MB", () => {
    expect(issuedDataFileSchema.parse({ file: "data:text/csv;base64,QUJD" })).toEqual({ file: "QUJD" });
    for (const file of [undefined, 5, "", "not base64!", "===="]) expect(messages(issuedDataFileSchema.safeParse({ file }))).toEqual(["file"]);
    expect(messages(issuedDataFileSchema.safeParse(42))).toEqual(["file"]);
    const large = "A".repeat(Math.ceil((ISSUED_DATA_FILE_MAX_BYTES * 4) / 3) + 4);
    expect(messages(issuedDataFileSchema.safeParse({ file: large }))).toEqual(["large"]);
  });

  it("takes the rows to ship, Yamato when no carrier is named, refusing anything else", () => {
    expect(issuedDataConfirmSchema.parse({ shipments: [{ order_id: " a ", slip_number: " 1 ", line: 2 }] })).toEqual({
      shipments: [{ order_id: "a", slip_number: "1", carrier: "yamato", line: 2 }],
    });
    const bad = [
      42,
      {},
      { shipments: [] },
      { shipments: "a" },
      { shipments: [5] },
      { shipments: [{ order_id: "a" }] },
      { shipments: [{ order_id: "a", slip_number: "1", carrier: "x" }] },
      { shipments: [{ order_id: "a", slip_number: "1", line: 1.5 }] },
    ];
    for (const body of bad) expect(messages(issuedDataConfirmSchema.safeParse(body))).toEqual(["shipments"]);
    const many = Array.from({ length: ISSUED_DATA_MAX_ROWS + 1 }, () => ({ order_id: "a", slip_number: "1" }));
    expect(messages(issuedDataConfirmSchema.safeParse({ shipments: many }))).toEqual(["shipments"]);
  });
});

describe("settingsFormSchema", () => {
  /** Each field's first problem, as the route words them. */
  function problems(body: unknown): Record<string, string> {
    const result = settingsFormSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (!result.success) for (const issue of result.error.issues) found[issue.path.join(".")] ??= issue.message;
    return found;
  }

  it("reads a body that is no form as an empty one: every required setting is blank", () => {
    for (const body of [42, [], "text"]) {
      const found = problems(body);
      expect(found.shopName).toBe("blank");
      expect(found.email).toBe("blank");
    }
  });

  it("asks each time band for a code once and both labels", () => {
    const found = problems({
      deliveryTimeBands: [{ code: "am", ja: "午前", en: "AM" }, { code: "am", ja: "", en: "" }, { code: "午後", ja: "午後", en: "PM" }, {}],
    });
    expect(found).toMatchObject({
      "deliveryTimeBands.1.code": "taken",
      "deliveryTimeBands.1.ja": "blank",
      "deliveryTimeBands.1.en": "blank",
      "deliveryTimeBands.2.code": "invalid",
      "deliveryTimeBands.3.code": "blank",
    });
  });
});
