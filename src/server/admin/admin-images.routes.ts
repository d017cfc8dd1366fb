import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { arrangeImagesSchema, attachImageSchema } from "../../domain/catalog-input.ts";
import type { ImageActions } from "../catalog/attached-images.ts";
import { checkedBody, formSchema, recordIdParams, staffOnly } from "../http/route-schemas.ts";

/**
 * `POST|PUT {path}/:id/images`: the picture routes products and exhibits share (attach an upload,
 * or keep some in a new order), each answering the owner as `answer` describes it.
 */
export function registerImageRoutes<T>(fastify: FastifyInstance, path: string, answer: z.ZodType<{ data: T }>, images: ImageActions<T>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = staffOnly();

  app.post(
    `${path}/:id/images`,
    { ...staff, ...formSchema({ params: recordIdParams, body: attachImageSchema, response: { 200: answer } }) },
    async (request) => ({
      data: await images.attachImage(request.params.id, checkedBody(request).signed_id, request.locale),
    }),
  );

  app.put(
    `${path}/:id/images`,
    { ...staff, ...formSchema({ params: recordIdParams, body: arrangeImagesSchema, response: { 200: answer } }) },
    async (request) => ({
      data: await images.arrangeImages(request.params.id, checkedBody(request).image_ids, request.locale),
    }),
  );
}
