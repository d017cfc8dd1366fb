import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordIdSchema } from "../../domain/input-rules.ts";
import { DomainError } from "../../domain/errors.ts";
import type { ImageService } from "./image.service.ts";
import { isImageFormat, isImageWidth } from "./image.service.ts";

const VARIANT_FILE = /^(\d{2,4})w\.(avif|webp|jpg)$/;

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

export function registerImageRoutes(fastify: FastifyInstance, deps: { images: ImageService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get("/images/:imageId/:file", { schema: { params: variantParams } }, async (request, reply) => {
    const { imageId, file } = request.params;
    const variant = await deps.images.variant(imageId, file.width, file.format);
    if (!variant) throw new DomainError("not-found");
    return reply
      .header("content-type", variant.contentType)
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(variant.data);
  });
}
