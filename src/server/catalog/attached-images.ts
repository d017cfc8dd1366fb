import { asc, eq } from "drizzle-orm";
import type { AdminImage } from "../../domain/admin-catalog.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { exhibitImagesTable, imagesTable, productImagesTable } from "../db/schema/catalog.ts";
import { fieldRefusal } from "../i18n/validation.ts";

/** Whose pictures: products and exhibits keep an ordered list of images each. */
export type ImageOwner = "product" | "exhibit";

type Executor = Pick<Database, "select" | "insert" | "delete">;

/** The link table of the owner's pictures, with the columns that name the owner, the image and its place. */
function linksOf(owner: ImageOwner) {
  return owner === "product"
    ? { table: productImagesTable, ownerId: productImagesTable.productId, imageId: productImagesTable.imageId, position: productImagesTable.position }
    : { table: exhibitImagesTable, ownerId: exhibitImagesTable.exhibitId, imageId: exhibitImagesTable.imageId, position: exhibitImagesTable.position };
}

/** The owner's images in their order (the first is the one shown on tiles). */
export async function imagesOf(db: Executor, owner: ImageOwner, ownerId: number): Promise<AdminImage[]> {
  const links = linksOf(owner);
  return db
    .select({ id: imagesTable.id, width: imagesTable.width, height: imagesTable.height })
    .from(links.table)
    .innerJoin(imagesTable, eq(imagesTable.id, links.imageId))
    .where(eq(links.ownerId, ownerId))
    .orderBy(asc(links.position));
}

/**
 * Sets the owner's images to exactly `imageIds`, in that order. Rows are rewritten whole because
 * positions are part of the key: moving one picture shifts the others.
 */
export async function replaceImages(db: Database, owner: ImageOwner, ownerId: number, imageIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (owner === "product") {
      await tx.delete(productImagesTable).where(eq(productImagesTable.productId, ownerId));
      if (imageIds.length > 0) await tx.insert(productImagesTable).values(imageIds.map((imageId, position) => ({ productId: ownerId, imageId, position })));
    } else {
      await tx.delete(exhibitImagesTable).where(eq(exhibitImagesTable.exhibitId, ownerId));
      if (imageIds.length > 0) await tx.insert(exhibitImagesTable).values(imageIds.map((imageId, position) => ({ exhibitId: ownerId, imageId, position })));
    }
  });
}

/**
 * The new order the trader chose (drag or up/down buttons, or a removal; arrangeImagesSchema):
 * `image_ids` must be some of the images the owner has now; new pictures come in through attach, never here.
 */
export async function readImageOrder(db: Executor, owner: ImageOwner, ownerId: number, ids: number[], locale: Locale): Promise<number[]> {
  const current = new Set((await imagesOf(db, owner, ownerId)).map((image) => image.id));
  if (!ids.every((id) => current.has(id))) throw fieldRefusal(locale, "image_ids", "inclusion");
  return ids;
}

/** The picture routes' two actions, each answering the owner (product or exhibit) as it now is. */
export interface ImageActions<T> {
  /** Adds an uploaded picture at the end of the owner's images (once: attaching it again changes nothing). */
  attachImage(id: number, signedId: string, locale: Locale): Promise<T>;
  /** The images in a new order, or fewer of them (a removal). */
  arrangeImages(id: number, imageIds: number[], locale: Locale): Promise<T>;
}

/**
 * Products and exhibits edit their pictures the same way; `detail` answers 404 for an unknown
 * owner before anything is read of the upload, and gives the owner as the routes answer it.
 */
export function imageActions<T extends { images: AdminImage[] }>(
  db: Database,
  owner: ImageOwner,
  deps: { detail: (id: number) => Promise<T>; uploads: { imageOf(signedId: string, locale: Locale): Promise<number> } },
): ImageActions<T> {
  const { detail, uploads } = deps;
  return {
    async attachImage(id, signedId, locale) {
      const current = await detail(id);
      const imageId = await uploads.imageOf(signedId, locale);
      const ids = current.images.map((image) => image.id);
      if (!ids.includes(imageId)) await replaceImages(db, owner, id, [...ids, imageId]);
      return detail(id);
    },
    async arrangeImages(id, imageIds, locale) {
      await detail(id);
      await replaceImages(db, owner, id, await readImageOrder(db, owner, id, imageIds, locale));
      return detail(id);
    },
  };
}
