import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imagesTable } from "../db/schema/catalog.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// Direct upload as Active Storage does it and the back office's picture handling: a blob record
// first, then a PUT of the bytes to the answered URL with the answered headers and the CSRF token;
// the bytes are kept only when size, MD5 and image decoding agree. Then attach, reorder, remove.

let shop: TestApp;
let staff: StaffSession;
let product: number;

function md5(data: Buffer): string {
  return crypto.createHash("md5").update(data).digest("base64");
}

function png(red: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 90, b: 20 } } })
    .png()
    .toBuffer();
}

function createBlob(blob: object, locale?: "en") {
  const headers = locale ? { ...staff.headers, cookie: `${staff.cookie}; locale=${locale}` } : staff.headers;
  return shop.app.inject({ method: "POST", url: "/admin/api/direct_uploads", headers, payload: { blob } });
}

/** The browser's part: blob record, then the PUT with exactly the headers it was given. */
async function upload(data: Buffer, announced: { checksum?: string; byte_size?: number; content_type?: string } = {}, locale?: "en") {
  const created = await createBlob({
    filename: "蔵の新酒.png",
    content_type: announced.content_type ?? "image/png",
    byte_size: announced.byte_size ?? data.length,
    checksum: announced.checksum ?? md5(data),
  });
  expect(created.statusCode).toBe(200);
  const answer = created.json() as { signed_id: string; direct_upload: { url: string; headers: Record<string, string> } };
  const stored = await shop.app.inject({
    method: "PUT",
    url: answer.direct_upload.url,
    headers: {
      ...answer.direct_upload.headers,
      cookie: locale ? `${staff.cookie}; locale=${locale}` : staff.cookie,
      "x-csrf-token": staff.headers["x-csrf-token"]!,
    },
    payload: data,
  });
  return { answer, stored };
}

function images(method: "POST" | "PUT", payload: object) {
  return shop.app.inject({ method, url: `/admin/api/products/${product}/images`, headers: staff.headers, payload });
}

async function imageCount(): Promise<number> {
  return (await shop.database.db.select({ id: imagesTable.id }).from(imagesTable)).length;
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  staff = await staffSession(shop);
  product = await new CatalogFactory(shop.database.db).product({ imageCount: 0, name: { ja: "写真待ち", en: "Awaiting photos" } });
});

afterAll(async () => {
  await shop.close();
});

describe("POST /admin/api/direct_uploads", () => {
  it("answers the signed id and where to PUT the file with which headers", async () => {
    const data = await png(10);
    const response = await createBlob({ filename: "a.png", content_type: "image/png", byte_size: data.length, checksum: md5(data) });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.signed_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(answer.direct_upload).toEqual({
      url: `/admin/api/direct_uploads/${answer.signed_id}`,
      headers: { "Content-Type": "image/png", "Content-MD5": md5(data) },
    });
  });

  it("answers 422 naming a bad type, size or checksum", async () => {
    const response = await createBlob({ filename: "", content_type: "text/plain", byte_size: 10 * 1024 * 1024 + 1, checksum: "abc" }, "en");
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({
      filename: ["Filename can't be blank"],
      content_type: ["Content type is not included in the list"],
      byte_size: ["File size must be less than or equal to 10485760"],
      checksum: ["Checksum is invalid"],
    });
  });
});

describe("PUT /admin/api/direct_uploads/{key}", () => {
  it("stores a file whose MD5 matches, and the product shows it in the shop after attaching", async () => {
    const data = await png(20);
    const { answer, stored } = await upload(data);
    expect(stored.statusCode).toBe(204);
    const attached = await images("POST", { signed_id: answer.signed_id });
    expect(attached.statusCode).toBe(200);
    const [image] = attached.json().data.images;
    expect(image).toMatchObject({ width: 64, height: 48 });
    const inShop = await shop.app.inject({ method: "GET", url: `/ja/api/products/${product}` });
    expect(inShop.json().data.attributes.images).toEqual([`/images/${image.id}/720w.jpg`]);
    const variant = await shop.app.inject({ method: "GET", url: `/images/${image.id}/240w.webp` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers["content-type"]).toBe("image/webp");
    // The same bytes again are refused: a blob is stored once.
    const again = await shop.app.inject({
      method: "PUT",
      url: answer.direct_upload.url,
      headers: { ...answer.direct_upload.headers, ...staff.headers },
      payload: data,
    });
    expect(again.statusCode).toBe(409);
  });

  it("rejects a file whose MD5 does not match (422) and stores nothing", async () => {
    const before = await imageCount();
    const data = await png(30);
    const { answer, stored } = await upload(data, { checksum: md5(Buffer.from("something else")) });
    expect(stored.statusCode).toBe(422);
    expect(stored.json().errors).toEqual(["ファイルが途中で壊れたため保存しませんでした(チェックサムが一致しません)。もう一度アップロードしてください。"]);
    expect(await imageCount()).toBe(before);
    const attach = await images("POST", { signed_id: answer.signed_id });
    expect(attach.statusCode).toBe(422);
    expect(attach.json().errors).toEqual(["ファイルのアップロードが終わっていません。もう一度アップロードしてください。"]);
  });

  it("rejects bytes of another length than announced, and a file that is not an image", async () => {
    const before = await imageCount();
    const data = await png(40);
    const shorter = await upload(data, { byte_size: data.length + 1 });
    expect(shorter.stored.statusCode).toBe(422);
    const text = Buffer.from("not a picture at all");
    const notImage = await upload(text, { content_type: "image/png" });
    expect(notImage.stored.statusCode).toBe(422);
    expect(notImage.stored.json().errors[0]).toContain("画像として読み込めないファイルです");
    expect(await imageCount()).toBe(before);
  });

  it("reads the format from the bytes: an SVG with a script, or a TIFF, declared image/png is refused in ja and en", async () => {
    const before = await imageCount();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><script>alert(document.cookie)</script><rect width="64" height="48" fill="red"/></svg>',
    );
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#800000" } })
      .tiff()
      .toBuffer();
    for (const data of [svg, tiff]) {
      const ja = await upload(data, { content_type: "image/png" });
      expect(ja.stored.statusCode).toBe(422);
      expect(ja.stored.json().errors).toEqual([
        "このファイルの中身は JPEG・PNG・WebP・AVIF・GIF のいずれでもないため保存しませんでした(SVG などは使えません)。JPEG・PNG・WebP・AVIF・GIF の画像を選んでください。",
      ]);
      const en = await upload(data, { content_type: "image/jpeg" }, "en");
      expect(en.stored.statusCode).toBe(422);
      expect(en.stored.json().errors[0]).toMatch(/^This file was not stored: its contents are not a JPEG, PNG, WebP, AVIF or GIF image/);
    }
    expect(await imageCount()).toBe(before);
  });

  it("takes JPEG, WebP, AVIF and GIF bytes whatever type was announced", async () => {
    const picture = () => sharp({ create: { width: 32, height: 24, channels: 3, background: { r: Math.floor(Math.random() * 255), g: 10, b: 10 } } });
    for (const data of [
      await picture().jpeg().toBuffer(),
      await picture().webp().toBuffer(),
      await picture().avif().toBuffer(),
      await picture().gif().toBuffer(),
    ]) {
      const { stored } = await upload(data, { content_type: "image/png" });
      expect(stored.statusCode, stored.body).toBe(204);
    }
  });

  it("answers 404 for an unknown key", async () => {
    const response = await shop.app.inject({
      method: "PUT",
      url: "/admin/api/direct_uploads/abcdefghijklmnopqrstuvwxyz012345",
      headers: { ...staff.headers, "content-type": "image/png" },
      payload: Buffer.from("x"),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("product images", () => {
  it("are reordered and removed through PUT with the wanted order, and only the product's own", async () => {
    const ids: number[] = [];
    for (const red of [50, 60]) {
      const { answer } = await upload(await png(red));
      const attached = await images("POST", { signed_id: answer.signed_id });
      ids.push(attached.json().data.images.at(-1).id);
    }
    const current = (await images("POST", { signed_id: "unknown-signed-id-0000000000" })).json();
    expect(current.fields).toEqual({ signed_id: ["アップロードしたファイルは見つかりませんでした。"] });
    const all = (await shop.app.inject({ method: "GET", url: `/admin/api/products/${product}`, headers: staff.headers }))
      .json()
      .data.images.map((image: { id: number }) => image.id);
    expect(all).toHaveLength(3);
    const reversed = [...all].reverse();
    const reordered = await images("PUT", { image_ids: reversed });
    expect(reordered.json().data.images.map((image: { id: number }) => image.id)).toEqual(reversed);
    const removed = await images("PUT", { image_ids: reversed.slice(1) });
    expect(removed.json().data.images).toHaveLength(2);
    const inShop = await shop.app.inject({ method: "GET", url: `/ja/api/products/${product}` });
    expect(inShop.json().data.attributes.images).toEqual(reversed.slice(1).map((id: number) => `/images/${id}/720w.jpg`));
    const foreign = await images("PUT", { image_ids: [...reversed.slice(1), 999_999] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().fields.image_ids).toEqual(["画像は一覧にありません"]);
  });
});
