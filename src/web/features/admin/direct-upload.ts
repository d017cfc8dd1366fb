import SparkMD5 from "spark-md5";
import type { DirectUploadAnswer } from "../../../domain/admin-catalog.ts";
import { UPLOAD_CHUNK_BYTES } from "../../../domain/admin-catalog.ts";
import { csrfToken } from "../../shared/site/api.ts";

/** Which step failed, with the HTTP status (0 when the server was not reached), for the failure messages. */
export class DirectUploadError extends Error {
  constructor(
    readonly step: "read" | "blob" | "store",
    readonly filename: string,
    readonly status: number,
    /** The server's own explanation (e.g. the checksum mismatch), when it gave one. */
    readonly details: string[] = [],
  ) {
    super(`${step} failed for ${filename}: ${status}`);
    this.name = "DirectUploadError";
  }
}

/**
 * The file's MD5 as base64, read in chunks of 2,097,152 bytes so a large photo is
 * never held whole as one string.
 */
export async function md5Base64(file: Blob): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  for (let offset = 0; offset < file.size; offset += UPLOAD_CHUNK_BYTES) {
    spark.append(await file.slice(offset, offset + UPLOAD_CHUNK_BYTES).arrayBuffer());
  }
  // end(true) gives the 16 raw bytes as a binary string, which is what btoa encodes.
  return btoa(spark.end(true));
}

async function errorsOf(response: Response): Promise<string[]> {
  try {
    const body = (await response.json()) as { errors?: unknown };
    return Array.isArray(body.errors) ? body.errors.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * Direct upload as Active Storage does it: hash the file, POST the blob record, then PUT the
 * bytes to the answered URL with the answered headers and the CSRF header. Answers the signed id
 * that attaches the stored picture to a product or exhibit.
 */
export async function directUpload(file: File): Promise<string> {
  let checksum: string;
  try {
    checksum = await md5Base64(file);
  } catch {
    throw new DirectUploadError("read", file.name, 0);
  }
  const language = document.documentElement.lang || "ja";
  const blob = { filename: file.name, content_type: file.type, byte_size: file.size, checksum };
  let created: Response;
  try {
    created = await fetch("/admin/api/direct_uploads", {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json", "accept-language": language, "content-type": "application/json", "x-csrf-token": csrfToken() },
      body: JSON.stringify({ blob }),
    });
  } catch {
    throw new DirectUploadError("blob", file.name, 0);
  }
  if (!created.ok) throw new DirectUploadError("blob", file.name, created.status, await errorsOf(created));
  const answer = (await created.json()) as DirectUploadAnswer;

  let stored: Response;
  try {
    stored = await fetch(answer.direct_upload.url, {
      method: "PUT",
      credentials: "same-origin",
      headers: { ...answer.direct_upload.headers, "accept-language": language, "x-csrf-token": csrfToken() },
      body: file,
    });
  } catch {
    throw new DirectUploadError("store", file.name, 0);
  }
  if (!stored.ok) throw new DirectUploadError("store", file.name, stored.status, await errorsOf(stored));
  return answer.signed_id;
}
