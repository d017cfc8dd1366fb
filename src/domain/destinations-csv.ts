import { parse } from "csv-parse/sync";
import { base64FileField } from "./base64-file.ts";
import { normalizeZip, isJapaneseZip, PREFECTURES } from "./address.ts";
import { checkoutShipmentSchema } from "./checkout.ts";
import { MAX_DESTINATIONS } from "./destinations.ts";
import { fieldMessage, kindMessage } from "./field-messages.ts";
import type { ValidationKind } from "./field-messages.ts";
import type { GiftPayload } from "./gift.ts";
import { hasForbiddenCharacters, recordIdOf } from "./input-rules.ts";
import { isKanaName, KANA_NAME_MAX_LENGTH } from "./kana.ts";
import type { Locale } from "./locale.ts";
import { isPhoneNumber } from "./recipient.ts";
import { formFields } from "./field-rules.ts";
import { z } from "./zod.ts";

/**
 * The gift sender's list of destinations as a spreadsheet (issue #33 item 1, decision 087): one row
 * per destination and product; rows whose recipient (name, postcode, address, building, phone) is
 * the same are one destination, its wish and gift options taken from its first row (a later row may
 * leave them blank or repeat them). Excel saves CSV in Shift_JIS (cp932) or, as 「CSV UTF-8」, in
 * UTF-8 with a byte-order mark; both are read. Every row's problems are answered at once, by line
 * (the file's, header = 1) and column (the header's name), in ja and en; nothing is ordered from a
 * list with problems. Checks that need the shop (products, calendar, time bands, postcodes) are the
 * server's, which reports them the same way.
 */

/** A list of 100 destinations × a few products is far below this; Excel's file of 1,000 rows is about 150 kB. */
export const DESTINATIONS_CSV_MAX_BYTES = 512 * 1024;
/** Rows (destination × product) in one file. */
export const DESTINATIONS_CSV_MAX_ROWS = 1000;

export const DESTINATIONS_CSV_COLUMNS = {
  name: { ja: "お届け先氏名", en: "Recipient name", required: true },
  kana: { ja: "フリガナ", en: "Reading (kana)", required: false },
  zip: { ja: "郵便番号", en: "Postcode", required: true },
  prefecture: { ja: "都道府県", en: "Prefecture", required: false },
  address: { ja: "市区町村・番地", en: "City and street", required: true },
  building_name: { ja: "建物名", en: "Building", required: false },
  phone: { ja: "電話番号", en: "Phone", required: true },
  product: { ja: "商品番号", en: "Product number", required: true },
  amount: { ja: "数量", en: "Quantity", required: true },
  date: { ja: "お届け希望日", en: "Delivery date", required: false },
  timezone: { ja: "時間帯", en: "Time band", required: false },
  wrapping: { ja: "包装", en: "Wrapping", required: false },
  omotegaki: { ja: "のし表書き", en: "Noshi inscription", required: false },
  placement: { ja: "のし位置", en: "Noshi placement", required: false },
  noshi_name: { ja: "のし名入れ", en: "Name on the noshi", required: false },
  message: { ja: "メッセージ", en: "Message card", required: false },
  hide_prices: { ja: "金額を伏せる", en: "Hide prices", required: false },
} as const satisfies Record<string, { ja: string; en: string; required: boolean }>;

export type DestinationsCsvColumn = keyof typeof DESTINATIONS_CSV_COLUMNS;
const COLUMN_KEYS = Object.keys(DESTINATIONS_CSV_COLUMNS) as DestinationsCsvColumn[];

/** One problem of the file: its line (0: the file as a whole), its column's header name ("" for none), the message in both languages. */
export interface DestinationsCsvError {
  line: number;
  column: string;
  message: Record<Locale, string>;
}

export type CheckoutShipmentInput = z.input<typeof checkoutShipmentSchema>;

export type DestinationsCsvResult =
  | {
      ok: true;
      /** In the `shipments` shape of POST /api/checkout. */
      shipments: CheckoutShipmentInput[];
      /** The file's lines each destination was read from, its first row first. */
      lines: number[][];
      /** The bottles over all destinations: the order's items. */
      items: { id: number; amount: number }[];
    }
  | {
      ok: false;
      errors: DestinationsCsvError[];
      /** The destinations of the rows that passed (absent when the file itself failed): the server checks them further, so every problem is told at once. */
      partial?: { shipments: CheckoutShipmentInput[]; lines: number[][]; items: { id: number; amount: number }[] };
    };

const PROBLEMS = {
  unreadable: {
    ja: "CSVファイルとして読み込めませんでした。Excelで「CSV」形式で保存してください。",
    en: "The file could not be read as CSV. Save it from your spreadsheet as CSV.",
  },
  empty: { ja: "お届け先の行がありません。", en: "The file has no destination rows." },
  large: { ja: "ファイルが大きすぎます(512KBまで)。", en: "The file is too large (512 kB at most)." },
  rows: { ja: `行が多すぎます(${DESTINATIONS_CSV_MAX_ROWS}行まで)。`, en: `The file has too many rows (${DESTINATIONS_CSV_MAX_ROWS} at most).` },
  header: {
    ja: "見出しの行にこの列がありません。テンプレートの見出しをそのまま使ってください。",
    en: "The header row lacks this column. Keep the template's header row.",
  },
  destinations: {
    ja: `お届け先は1回のご注文で${MAX_DESTINATIONS}件までです。ご注文を分けてください。`,
    en: `One order can go to at most ${MAX_DESTINATIONS} destinations. Please split your order.`,
  },
  differs: {
    ja: "同じお届け先の前の行と違う内容です。お届け先ごとに同じ内容にするか、空欄にしてください。",
    en: "This differs from an earlier row of the same destination. Give the same value or leave it blank.",
  },
  date: { ja: "日付は 2026/12/20 の形で入力してください。", en: "Enter the date as 2026/12/20." },
  prefecture: { ja: "都道府県名が正しくありません。", en: "This is not a prefecture." },
  flag: { ja: "「する」か「しない」(または空欄)で入力してください。", en: "Enter する (yes) or しない (no), or leave it blank." },
  placement: { ja: "「外のし」か「内のし」で入力してください。", en: "Enter 外のし (over the wrapping) or 内のし (under it)." },
  noshiName: { ja: "名入れは表書きと一緒に入力してください。", en: "A name on the noshi needs a noshi inscription." },
} satisfies Record<string, Record<Locale, string>>;

/**
 * The file's text: UTF-8 when it starts with a byte-order mark or is valid UTF-8, else Windows-31J
 * (cp932, the Shift_JIS Excel writes; the WHATWG decoder reads its NEC and IBM rows too).
 */
export function decodeSpreadsheetCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("shift_jis").decode(bytes);
  }
}

/** The template: the header row and one example row (a row whose first cell starts with # is skipped), UTF-8 with a BOM so Excel opens it in Japanese. */
export function destinationsCsvTemplate(example: { productId: number } = { productId: 1 }): string {
  const header = COLUMN_KEYS.map((key) => DESTINATIONS_CSV_COLUMNS[key].ja);
  const row = [
    "#記入例 比嘉 ツル",
    "ヒガ ツル",
    "900-0021",
    "沖縄県",
    "那覇市泉崎1-2-3",
    "",
    "098-867-1234",
    String(example.productId),
    "1",
    "",
    "",
    "する",
    "御歳暮",
    "外のし",
    "山田",
    "",
    "する",
  ];
  return `\ufeff${[header, row].map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A header cell compared without spaces and widths. */
function headerKey(cell: string): string {
  return cell.normalize("NFKC").replace(/[\s\u3000]/gu, "");
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

const YES = new Set(["する", "有", "有り", "あり", "はい", "○", "〇", "◯", "1", "yes", "y", "true"]);
const NO = new Set(["", "しない", "無", "無し", "なし", "いいえ", "×", "0", "no", "n", "false", "-"]);

function flagOf(cell: string): boolean | undefined {
  const text = cell.normalize("NFKC").trim().toLowerCase();
  return YES.has(text) ? true : NO.has(text) ? false : undefined;
}

function prefectureOf(cell: string): number | undefined {
  const text = cell.normalize("NFKC").trim();
  const found = PREFECTURES.find(
    (prefecture) => prefecture.ja === text || prefecture.ja.replace(/[都府県]$/u, "") === text || prefecture.en.toLowerCase() === text.toLowerCase(),
  );
  return found?.code;
}

/** 2026/12/20, 2026-12-20, 2026年12月20日 (a spreadsheet's date as it saves it) → 2026-12-20; undefined when it is none. */
export function csvDateOf(cell: string): string | undefined {
  const match = /^(\d{4})\s*[/\-.年]\s*(\d{1,2})\s*[/\-.月]\s*(\d{1,2})\s*日?$/u.exec(cell.normalize("NFKC").trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

interface Row {
  line: number;
  cells: Record<DestinationsCsvColumn, string>;
}

interface Destination {
  key: string;
  lines: number[];
  first: Row;
  shipment: CheckoutShipmentInput & { items: { id: number; amount: number }[] };
}

/** Parses and checks the uploaded bytes. */
export function parseDestinationsCsv(bytes: Uint8Array): DestinationsCsvResult {
  const errors: DestinationsCsvError[] = [];
  const fileProblem = (problem: keyof typeof PROBLEMS, line = 0, column = ""): DestinationsCsvResult => ({
    ok: false,
    errors: [{ line, column, message: PROBLEMS[problem] }],
  });
  if (bytes.byteLength > DESTINATIONS_CSV_MAX_BYTES) return fileProblem("large");
  let records: { record: string[]; line: number }[];
  try {
    const text = decodeSpreadsheetCsv(bytes);
    const parsed = parse(text, { relax_column_count: true, skip_empty_lines: true, info: true, raw: true, bom: true }) as unknown as {
      record: string[];
      raw: string;
      info: { lines: number };
    }[];
    // The parser counts the line a record ends on; a quoted cell may hold line breaks, so its first line is earlier.
    records = parsed.map(({ record, raw, info }) => ({ record, line: info.lines - (raw.replace(/\r?\n$/, "").match(/\n/g)?.length ?? 0) }));
  } catch {
    return fileProblem("unreadable");
  }
  records = records.filter(({ record }) => record.some((cell) => cell.trim() !== ""));
  const header = records[0];
  if (!header) return fileProblem("empty");
  const keys = header.record.map(headerKey);
  const at = {} as Record<DestinationsCsvColumn, number>;
  for (const column of COLUMN_KEYS) {
    at[column] = keys.indexOf(headerKey(DESTINATIONS_CSV_COLUMNS[column].ja));
    if (at[column] < 0 && DESTINATIONS_CSV_COLUMNS[column].required)
      errors.push({ line: header.line, column: DESTINATIONS_CSV_COLUMNS[column].ja, message: PROBLEMS.header });
  }
  if (errors.length > 0) return { ok: false, errors };
  const rows: Row[] = records
    .slice(1)
    .filter(({ record }) => !(record[0] ?? "").trimStart().startsWith("#"))
    .map(({ record, line }) => ({
      line,
      cells: Object.fromEntries(COLUMN_KEYS.map((column) => [column, at[column] < 0 ? "" : (record[at[column]] ?? "")])) as Row["cells"],
    }));
  if (rows.length === 0) return fileProblem("empty");
  if (rows.length > DESTINATIONS_CSV_MAX_ROWS) return fileProblem("rows");

  const kind = (row: Row, column: DestinationsCsvColumn, problem: ValidationKind, count?: number) => {
    const labels = DESTINATIONS_CSV_COLUMNS[column];
    errors.push({
      line: row.line,
      column: labels.ja,
      message: {
        ja: fieldMessage("ja", labels.ja, { kind: problem, ...(count === undefined ? {} : { count }) }),
        en: fieldMessage("en", labels.en, { kind: problem, ...(count === undefined ? {} : { count }) }),
      },
    });
  };
  const problem = (row: Row, column: DestinationsCsvColumn, found: keyof typeof PROBLEMS) =>
    errors.push({ line: row.line, column: DESTINATIONS_CSV_COLUMNS[column].ja, message: PROBLEMS[found] });

  const destinations = new Map<string, Destination>();
  for (const row of rows) {
    const cell = row.cells;
    const before = errors.length;
    for (const column of COLUMN_KEYS) {
      if (hasForbiddenCharacters(cell[column], { multiline: column === "message" })) kind(row, column, "invalid_characters");
    }
    if (errors.length > before) continue;
    const name = oneLine(cell.name);
    const kana = oneLine(cell.kana);
    const zip = normalizeZip(cell.zip.trim());
    const address = oneLine(cell.address);
    const building = oneLine(cell.building_name);
    const phone = oneLine(cell.phone);
    if (!name) kind(row, "name", "blank");
    else if ([...name].length > 100) kind(row, "name", "too_long", 100);
    if (kana && !isKanaName(kana)) kind(row, "kana", "not_kana");
    else if ([...kana].length > KANA_NAME_MAX_LENGTH) kind(row, "kana", "too_long", KANA_NAME_MAX_LENGTH);
    if (!zip) kind(row, "zip", "blank");
    else if (!isJapaneseZip(zip)) kind(row, "zip", "invalid");
    const prefecture = cell.prefecture.trim() ? prefectureOf(cell.prefecture) : null;
    if (prefecture === undefined) problem(row, "prefecture", "prefecture");
    if (!address) kind(row, "address", "blank");
    else if ([...address].length > 255) kind(row, "address", "too_long", 255);
    if ([...building].length > 255) kind(row, "building_name", "too_long", 255);
    if (!phone) kind(row, "phone", "blank");
    else if (!isPhoneNumber(phone)) kind(row, "phone", "invalid");
    const productText = cell.product.normalize("NFKC").trim();
    const productId = recordIdOf(productText);
    if (!productText) kind(row, "product", "blank");
    else if (productId === undefined) kind(row, "product", "invalid");
    const amountText = cell.amount.normalize("NFKC").trim();
    const amount = /^\d+$/.test(amountText) ? Number(amountText) : Number.NaN;
    if (!amountText) kind(row, "amount", "blank");
    else if (!/^-?\d+(\.\d+)?$/.test(amountText)) kind(row, "amount", "not_a_number");
    else if (!Number.isInteger(amount)) kind(row, "amount", amountText.startsWith("-") ? "greater_than_or_equal_to" : "not_an_integer", 1);
    else if (amount < 1) kind(row, "amount", "greater_than_or_equal_to", 1);
    else if (amount > 999) kind(row, "amount", "less_than_or_equal_to", 999);
    const date = cell.date.trim() ? csvDateOf(cell.date) : "";
    if (date === undefined) problem(row, "date", "date");
    const wrapping = flagOf(cell.wrapping);
    if (wrapping === undefined) problem(row, "wrapping", "flag");
    const hidePrices = flagOf(cell.hide_prices);
    if (hidePrices === undefined) problem(row, "hide_prices", "flag");
    const omotegaki = oneLine(cell.omotegaki);
    const placementText = cell.placement.normalize("NFKC").trim();
    const placement =
      placementText === "" || placementText === "外のし" || placementText === "外"
        ? "outer"
        : placementText === "内のし" || placementText === "内"
          ? "inner"
          : undefined;
    if (placement === undefined) problem(row, "placement", "placement");
    const noshiName = oneLine(cell.noshi_name);
    if (noshiName && !omotegaki) problem(row, "noshi_name", "noshiName");
    const message = cell.message.replace(/\r\n?/g, "\n").trim();
    if (errors.length > before) continue;

    const gift: GiftPayload | undefined =
      wrapping || hidePrices || omotegaki || message
        ? {
            wrapping: wrapping === true,
            noshi: omotegaki ? { omotegaki, placement: placement ?? "outer", name: noshiName } : null,
            message_card: message,
            hide_prices: hidePrices === true,
          }
        : undefined;
    const timezone = cell.timezone.normalize("NFKC").trim();
    const recipient = { name, ...(kana ? { kana } : {}), country: "jp", zip, ...(prefecture ? { prefecture } : {}), address, building_name: building, phone };
    const key = [name, zip, address, building, phone.replace(/\D/g, "")].map((part) => part.normalize("NFKC").replace(/\s+/g, "")).join("\u0000");
    const wish = { date: date ?? "", timezone, gift: JSON.stringify(gift ?? null) };
    const known = destinations.get(key);
    if (!known) {
      if (destinations.size === MAX_DESTINATIONS) {
        problem(row, "name", "destinations");
        break;
      }
      destinations.set(key, {
        key,
        lines: [row.line],
        first: row,
        shipment: {
          recipient,
          items: [{ id: productId!, amount }],
          desired_delivery_date: wish.date,
          desired_delivery_timezone: timezone,
          ...(gift ? { gift } : {}),
        },
      });
      continue;
    }
    // A later row of the same destination: its wish and gift blank or the same as the first row's.
    const firstCells = known.first.cells;
    const sameColumns: DestinationsCsvColumn[] = [
      "date",
      "timezone",
      "wrapping",
      "omotegaki",
      "placement",
      "noshi_name",
      "message",
      "hide_prices",
      "kana",
      "prefecture",
    ];
    const differing = sameColumns.filter(
      (column) => cell[column].trim() !== "" && cell[column].normalize("NFKC").trim() !== firstCells[column].normalize("NFKC").trim(),
    );
    for (const column of differing) problem(row, column, "differs");
    if (differing.length > 0) continue;
    known.lines.push(row.line);
    const line = known.shipment.items.find((item) => item.id === productId);
    if (line) line.amount += amount;
    else known.shipment.items.push({ id: productId!, amount });
  }

  // The checkout's own schema of a destination, for what the checks above do not cover (lengths, items per destination).
  for (const destination of destinations.values()) {
    const checked = checkoutShipmentSchema.safeParse(destination.shipment);
    if (checked.success) continue;
    for (const issue of checked.error.issues) {
      const [field, sub] = issue.path.map(String);
      const column: DestinationsCsvColumn =
        field === "items"
          ? sub === undefined
            ? "product"
            : "amount"
          : field === "recipient"
            ? ((sub as DestinationsCsvColumn | undefined) ?? "name")
            : "name";
      const labels = DESTINATIONS_CSV_COLUMNS[column in DESTINATIONS_CSV_COLUMNS ? column : "name"];
      errors.push({
        line: destination.first.line,
        column: labels.ja,
        message: { ja: `${labels.ja}${kindMessage("ja", "invalid")}`, en: `${labels.en} ${kindMessage("en", "invalid")}` },
      });
    }
  }
  const list = [...destinations.values()];
  const totals = new Map<number, number>();
  for (const destination of list) for (const item of destination.shipment.items) totals.set(item.id, (totals.get(item.id) ?? 0) + item.amount);
  const read = {
    shipments: list.map((destination) => destination.shipment),
    lines: list.map((destination) => destination.lines),
    items: [...totals].map(([id, amount]) => ({ id, amount })),
  };
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line), partial: read };
  return { ok: true, ...read };
}

/** The column (its header name) a checkout field of one destination is read from: shipments.3.recipient.zip → 郵便番号. */
export function destinationsCsvColumnOf(field: string): string {
  const rest = field.replace(/^shipments\.\d+\.?/, "");
  const map: Record<string, DestinationsCsvColumn> = {
    "recipient.name": "name",
    "recipient.kana": "kana",
    "recipient.zip": "zip",
    "recipient.country": "zip",
    "recipient.prefecture": "prefecture",
    "recipient.address": "address",
    "recipient.building_name": "building_name",
    "recipient.phone": "phone",
    desired_delivery_date: "date",
    desired_delivery_timezone: "timezone",
    "gift.wrapping": "wrapping",
    "gift.noshi.omotegaki": "omotegaki",
    "gift.noshi.placement": "placement",
    "gift.noshi.name": "noshi_name",
    "gift.message_card": "message",
    "gift.hide_prices": "hide_prices",
    items: "product",
  };
  const column = map[rest];
  return column ? DESTINATIONS_CSV_COLUMNS[column].ja : "";
}

/** The upload's refusals that are about the request, not a row (the route's one sentence). */
export const DESTINATIONS_UPLOAD_PROBLEMS = {
  file: { ja: "お届け先リストのCSVファイルを選んでください。", en: "Choose the CSV file of destinations." },
  large: PROBLEMS.large,
} satisfies Record<string, Record<Locale, string>>;

/**
 * POST /api/checkout/destinations: `file`, the CSV's bytes as base64 (a data: URL's prefix allowed),
 * as the page reads the chosen file (the issued-data upload's shape, decision 067). Not base64 or
 * empty: "file"; over DESTINATIONS_CSV_MAX_BYTES decoded: "large". The output is the bytes.
 */
export const destinationsUploadSchema = z.preprocess((body) => formFields(body), z.object({ file: base64FileField(DESTINATIONS_CSV_MAX_BYTES) }));
