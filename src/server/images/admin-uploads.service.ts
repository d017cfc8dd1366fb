import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { loadSharp } from "./sharp.ts";
import type { DirectUploadAnswer } from "../../domain/admin-catalog.ts";
import type { BlobInput } from "../../domain/catalog-input.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { uploadBlobsTable } from "../db/schema/uploads.ts";
import { DomainError } from "../../domain/errors.ts";
import type { ImageService } from "./image.service.ts";
import { fieldRefusal } from "../i18n/validation.ts";

/** Where the browser PUTs a blob's bytes; the key follows. */
export const DIRECT_UPLOAD_PATH = "/admin/api/direct_uploads";

/**
 * Direct uploads as Active Storage makes them: a blob record first, then the bytes PUT to the URL it
 * answered. The bytes are stored only when their length and MD5 match what the browser announced
 * and sharp can decode them as an image; then they go into `images`, where the variant and srcset
 * machinery serves them like every other picture.
 */
export class AdminUploadsService {
  constructor(
    private readonly db: Database,
    private readonly images: ImageService,
  ) {}

  async createBlob(input: BlobInput, staffId: number): Promise<DirectUploadAnswer> {
    const key = crypto.randomBytes(24).toString("base64url");
    await this.db.insert(uploadBlobsTable).values({ key, ...input, staffId });
    return {
      signed_id: key,
      filename: input.filename,
      byte_size: input.byteSize,
      checksum: input.checksum,
      direct_upload: {
        url: `${DIRECT_UPLOAD_PATH}/${key}`,
        headers: { "Content-Type": input.contentType, "Content-MD5": input.checksum },
      },
    };
  }

  /** Checks and keeps the bytes of blob `key`; nothing is stored unless every check passes. */
  async store(key: string, data: Buffer): Promise<void> {
    const [blob] = await this.db.select().from(uploadBlobsTable).where(eq(uploadBlobsTable.key, key));
    if (!blob) throw new DomainError("not-found");
    if (blob.imageId !== null) throw new DomainError("conflict", "uploadAlreadyStored");
    if (data.length !== blob.byteSize) throw new DomainError("invalid", "uploadSizeMismatch");
    const md5 = crypto.createHash("md5").update(data).digest("base64");
    if (md5 !== blob.checksum) throw new DomainError("invalid", "uploadChecksumMismatch");
    const format = await imageFormatOf(data);
    if (format === undefined) throw new DomainError("invalid", "uploadNotImage");
    if (format === "refused") throw new DomainError("invalid", "uploadFormatRefused");
    const image = await this.images.store(data);
    await this.db
      .update(uploadBlobsTable)
      .set({ imageId: image.id, uploadedAt: new Date() })
      .where(and(eq(uploadBlobsTable.id, blob.id), isNull(uploadBlobsTable.imageId)));
  }

  /** The stored image of an uploaded blob (its signed id checked by attachImageSchema), or a 422 naming the field when there is none (yet). */
  async imageOf(key: string, locale: Locale): Promise<number> {
    const [blob] = await this.db.select({ imageId: uploadBlobsTable.imageId }).from(uploadBlobsTable).where(eq(uploadBlobsTable.key, key));
    if (!blob) throw fieldRefusal(locale, "signed_id", "not_found");
    if (blob!.imageId === null) throw new DomainError("invalid", "uploadNotStored");
    return blob!.imageId;
  }
}

/** What sharp's metadata calls the formats the shop takes; AVIF is HEIF with AV1 compression. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);

/**
 * The picture's format as its bytes say, whatever name or content type the browser announced: an
 * accepted one, "refused" for anything else sharp reads (SVG, which may carry script, TIFF, HEIC,
 * PDF, …), or undefined when sharp cannot decode the whole picture (a renamed text file, a
 * truncated JPEG). The format is checked before decoding, so no refused format is rendered.
 */
async function imageFormatOf(data: Buffer): Promise<string | undefined> {
  try {
    const sharp = await loadSharp();
    const metadata = await sharp(data).metadata();
    if (!metadata.width || !metadata.height || !metadata.format) return undefined;
    const avif = metadata.format === "heif" && metadata.compression === "av1";
    if (!ACCEPTED_FORMATS.has(metadata.format) && !avif) return "refused";
    await sharp(data).resize(8).toBuffer();
    return avif ? "avif" : metadata.format;
  } catch {
    return undefined;
  }
}
