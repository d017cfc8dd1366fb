import { base64FileField } from "./base64-file.ts";
import { isCarrierCode } from "./carriers.ts";
import { formFields } from "./field-rules.ts";
import type { ShipmentToConfirm } from "./issued-data-import.ts";
import type { Locale } from "./locale.ts";
import { z } from "./zod.ts";

// The carrier's issued-data upload as its two API calls take it (decision 067): their declared
// bodies (decision 075). The page's form is multipart (the file, or the rows to confirm as JSON
// text); its action reads the parts and hands the API JSON — the file's bytes as base64 text — so
// these schemas are of what the API reads. A refusal is one sentence, not a message per field: a
// failed rule's message is a key of ISSUED_DATA_PROBLEMS, which holds its ja/en text.

/** A file of 2,000 rows of B2's layout is about 1 MB. */
export const ISSUED_DATA_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** More parcels than a small trader prints in a day, many times over: at most this many rows in one file, or one confirm. */
export const ISSUED_DATA_MAX_ROWS = 2000;

export const ISSUED_DATA_PROBLEMS = {
  file: { ja: "発行済みデータのファイルを選んでください。", en: "Choose the issued-data file." },
  large: { ja: "ファイルが大きすぎます(4MBまで)。", en: "The file is too large (4 MB at most)." },
  shipments: { ja: "発送する行の指定が正しくありません。もう一度ファイルを読み込んでください。", en: "The rows to ship are not valid. Upload the file again." },
} satisfies Record<string, Record<Locale, string>>;

type Problem = keyof typeof ISSUED_DATA_PROBLEMS;

/**
 * POST …/issued-data/preview: `file`, the file's bytes as base64 (a data: URL's prefix allowed), as
 * the page reads the chosen file. Not base64 or empty: "file"; over 4 MB decoded: "large". The
 * output is the base64 text without its prefix, for the route to decode.
 */
export const issuedDataFileSchema = z.preprocess((body) => formFields(body), z.object({ file: base64FileField(ISSUED_DATA_FILE_MAX_BYTES) }));

/** One row to ship as the preview posts it back; undefined when it is not one. */
function shipmentOf(item: unknown): ShipmentToConfirm | undefined {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return undefined;
  const { order_id: orderId, slip_number: slip, carrier, line, parcel } = item as Record<string, unknown>;
  if (typeof orderId !== "string" || typeof slip !== "string") return undefined;
  const code = carrier === undefined || carrier === null || carrier === "" ? "yamato" : carrier;
  if (!isCarrierCode(code)) return undefined;
  if (line !== undefined && (typeof line !== "number" || !Number.isSafeInteger(line) || line < 1 || line > 1_000_000)) return undefined;
  if (parcel !== undefined && parcel !== null && (typeof parcel !== "number" || !Number.isSafeInteger(parcel) || parcel < 1 || parcel > 999)) return undefined;
  return {
    order_id: orderId.trim(),
    slip_number: slip.trim(),
    carrier: code,
    ...(typeof line === "number" ? { line } : {}),
    ...(typeof parcel === "number" ? { parcel } : {}),
  };
}

/**
 * POST …/issued-data: `shipments`, the rows the preview would ship (1 to ISSUED_DATA_MAX_ROWS),
 * each `{ order_id, slip_number, carrier, line, parcel }` (ヤマト運輸 when no carrier is named). Anything
 * else: "shipments" — the page posts back what the preview gave it, so only a stale or crafted
 * form fails here.
 */
export const issuedDataConfirmSchema = z.preprocess(
  (body) => formFields(body),
  z.object({
    shipments: z
      .array(z.unknown(), { error: "shipments" satisfies Problem })
      .min(1, { error: "shipments" satisfies Problem })
      .max(ISSUED_DATA_MAX_ROWS, { error: "shipments" satisfies Problem })
      .transform((list, context): ShipmentToConfirm[] => {
        const shipments = list.map(shipmentOf);
        if (shipments.every((shipment) => shipment !== undefined)) return shipments as ShipmentToConfirm[];
        context.addIssue({ code: "custom", message: "shipments" satisfies Problem });
        return z.NEVER;
      }),
  }),
);
