import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordIdSchema } from "../../domain/input-rules.ts";
import { DomainError } from "../../domain/errors.ts";
import type { SessionService } from "../accounts/session.service.ts";
import { PRIVATE_NO_STORE, readSkippedSession } from "../http/session.ts";
import type { ImageService } from "./image.service.ts";
import { isImageFormat, isImageWidth } from "./image.service.ts";

const VARIANT_FILE = /^(\d{2,4})w\.(avif|webp|jpg)$/;

/**
 * A public picture may be kept by browsers and proxies for an hour: its bytes never change, but it
 * stops being public when what it shows is unpublished, and no cache may show it for longer than
 * that (decision 050).
 */
export const PUBLIC_IMAGE_CACHE = "public, max-age=3600";

/** /images/:imageId/{width}w.{format}: a path naming no stored size or format is a 404. */
const variantParams = z.object({
  imageId: recordIdSchema,
  file: z.string().transform((file, context) => {
    const match = VARIANT_FILE.exec(file);
    const width = Number(match?.[1]);
    const format = match?.[2] ?? "";
    if (!match || !isImageWidth(width) || !isImageFormat(format)) {
      context.addIssue({ code: "custom", message: "not a variant" });
      return z.NEVER;
    }
    return { width, format };
  }),
});

/**
 * Images are public once attached to a published product or exhibit (`isPublic`, from the cached
 * catalogue); any other stored image — of an unpublished product, or uploaded and never attached —
 * is shown to signed-in staff only and is a 404 to everybody else, as if it did not exist.
 */
export function registerImageRoutes(
  fastify: FastifyInstance,
  deps: { images: ImageService; isPublic: (imageId: number) => Promise<boolean>; sessions: SessionService },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/images/:imageId/:file", { schema: { params: variantParams } }, async (request, reply) => {
    const { imageId, file } = request.params;
    const open = await deps.isPublic(imageId);
    // Neither the picture nor its refusal may be kept: publishing shows it at once, and staff's copy is theirs.
    reply.header("cache-control", open ? PUBLIC_IMAGE_CACHE : PRIVATE_NO_STORE);
    if (!open) {
      await readSkippedSession(request, deps.sessions);
      if (!request.staff) throw new DomainError("not-found");
    }
    const variant = await deps.images.variant(imageId, file.width, file.format);
    if (!variant) throw new DomainError("not-found");
    return reply.header("content-type", variant.contentType).send(variant.data);
  });
}
