import type { FastifyInstance } from "fastify";
import { recordIdOf } from "../../domain/input-rules.ts";
import { message } from "../i18n/messages.ts";
import type { ImageService } from "./image.service.ts";
import { isImageFormat, isImageWidth } from "./image.service.ts";

const VARIANT_FILE = /^(\d{2,4})w\.(avif|webp|jpg)$/;

export function registerImageRoutes(app: FastifyInstance, deps: { images: ImageService }): void {
  app.get<{ Params: { imageId: string; file: string } }>("/images/:imageId/:file", async (request, reply) => {
    const match = VARIANT_FILE.exec(request.params.file);
    const imageId = recordIdOf(request.params.imageId);
    const width = Number(match?.[1]);
    const format = match?.[2] ?? "";
    if (!match || imageId === undefined || !isImageWidth(width) || !isImageFormat(format)) {
      return reply.status(404).send({ errors: [message("apiNotFound", request.locale)] });
    }
    const variant = await deps.images.variant(imageId, width, format);
    if (!variant) return reply.status(404).send({ errors: [message("apiNotFound", request.locale)] });
    return reply
      .header("content-type", variant.contentType)
      .header("cache-control", "public, max-age=31536000, immutable")
      .send(variant.data);
  });
}
