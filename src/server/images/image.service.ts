import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type sharp from "sharp";
import { loadSharp } from "./sharp.ts";
import type { Database } from "../db/client.ts";
import { imageVariantsTable, imagesTable } from "../db/schema/catalog.ts";

/** Widths the shop serves: thumbnails, grid tiles, gallery and sharing cards. */
export const IMAGE_WIDTHS = [240, 480, 720, 960, 1200] as const;
export const IMAGE_FORMATS = ["avif", "webp", "jpg"] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" };
/** Variants kept in memory, most recently used last. About 10 MB at the sizes the shop serves. */
const MEMORY_CACHE_ENTRIES = 400;

export interface StoredImage {
  id: number;
  width: number;
  height: number;
}

export interface ImageVariant {
  contentType: string;
  data: Buffer;
}

export function isImageWidth(width: number): width is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

export function isImageFormat(format: string): format is ImageFormat {
  return (IMAGE_FORMATS as readonly string[]).includes(format);
}

/**
 * Images are stored once (by content hash) with their original bytes; resized WebP/AVIF/JPEG
 * variants are made with sharp on first request, kept in the database for every process, and the
 * hot ones in memory. Variant URLs never change meaning, so browsers cache them for a year.
 */
export class ImageService {
  private readonly memory = new Map<string, ImageVariant>();
  private readonly inFlight = new Map<string, Promise<ImageVariant | undefined>>();

  constructor(private readonly db: Database) {}

  async store(data: Buffer): Promise<StoredImage> {
    const metadata = await (await loadSharp())(data).metadata();
    if (!metadata.width || !metadata.height || !metadata.format) throw new Error("not an image");
    const sha256 = crypto.createHash("sha256").update(data).digest("hex");
    const [inserted] = await this.db
      .insert(imagesTable)
      .values({ sha256, contentType: `image/${metadata.format}`, width: metadata.width, height: metadata.height, data })
      .onConflictDoNothing({ target: imagesTable.sha256 })
      .returning({ id: imagesTable.id, width: imagesTable.width, height: imagesTable.height });
    if (inserted) return inserted;
    const [existing] = await this.db
      .select({ id: imagesTable.id, width: imagesTable.width, height: imagesTable.height })
      .from(imagesTable)
      .where(eq(imagesTable.sha256, sha256));
    if (!existing) throw new Error("image vanished while storing");
    return existing;
  }

  /** The variant, or undefined when the image does not exist. */
  async variant(imageId: number, width: ImageWidth, format: ImageFormat): Promise<ImageVariant | undefined> {
    const key = `${imageId}/${width}/${format}`;
    const cached = this.memory.get(key);
    if (cached) {
      this.memory.delete(key);
      this.memory.set(key, cached);
      return cached;
    }
    // Concurrent first requests for one variant share a single resize.
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.loadOrMake(imageId, width, format).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const variant = await pending;
    if (variant) this.remember(key, variant);
    return variant;
  }

  private remember(key: string, variant: ImageVariant): void {
    this.memory.set(key, variant);
    if (this.memory.size > MEMORY_CACHE_ENTRIES) {
      const oldest = this.memory.keys().next().value;
      if (oldest !== undefined) this.memory.delete(oldest);
    }
  }

  private async loadOrMake(imageId: number, width: ImageWidth, format: ImageFormat): Promise<ImageVariant | undefined> {
    const contentType = CONTENT_TYPES[format];
    const [stored] = await this.db
      .select({ data: imageVariantsTable.data })
      .from(imageVariantsTable)
      .where(and(eq(imageVariantsTable.imageId, imageId), eq(imageVariantsTable.width, width), eq(imageVariantsTable.format, format)));
    if (stored) return { contentType, data: stored.data };

    const [original] = await this.db.select({ data: imagesTable.data }).from(imagesTable).where(eq(imagesTable.id, imageId));
    if (!original) return undefined;
    const data = await encode((await loadSharp())(original.data).rotate().resize({ width, withoutEnlargement: true }), format);
    await this.db.insert(imageVariantsTable).values({ imageId, width, format, data }).onConflictDoNothing();
    return { contentType, data };
  }
}

function encode(pipeline: sharp.Sharp, format: ImageFormat): Promise<Buffer> {
  switch (format) {
    case "avif":
      return pipeline.avif({ quality: 55, effort: 3 }).toBuffer();
    case "webp":
      return pipeline.webp({ quality: 78 }).toBuffer();
    case "jpg":
      return pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  }
}
