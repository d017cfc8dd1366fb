import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { imagesTable } from "./catalog.ts";
import { staffMembersTable } from "./staff.ts";
import { createdAt, serialId, setNullRef, timestamptz } from "../columns.ts";

/**
 * Direct uploads of the back office: the browser announces a file (name, type, size, MD5)
 * and gets back a `key` to PUT the bytes to. Once the bytes arrived and matched the checksum they
 * are stored as an image and `image_id` is set; only then can the blob be attached to a product or
 * exhibit. The key is random and unguessable, so it doubles as the signed id the browser holds.
 */
export const uploadBlobsTable = pgTable(
  "upload_blobs",
  {
    id: serialId(),
    key: text("key").notNull().unique(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    /** Base64 of the file's MD5, as the browser computed it. */
    checksum: text("checksum").notNull(),
    staffId: setNullRef("staff_id", () => staffMembersTable.id),
    imageId: setNullRef("image_id", () => imagesTable.id),
    createdAt: createdAt(),
    uploadedAt: timestamptz("uploaded_at"),
  },
  (table) => [index("upload_blobs_created_idx").on(table.createdAt)],
);
