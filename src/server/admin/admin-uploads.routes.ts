import type { FastifyInstance } from "fastify";
import { directUploadAnswer } from "../../domain/answers/admin-catalog.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { UPLOAD_MAX_BYTES } from "../../domain/admin-catalog.ts";
import { requireStaff } from "../http/auth.ts";
import { blobInputSchema } from "../../domain/catalog-input.ts";
import { checkedBody, formSchema, staffOnly } from "../http/route-schemas.ts";
import type { AdminUploadsService } from "../images/admin-uploads.service.ts";
import { DIRECT_UPLOAD_PATH } from "../images/admin-uploads.service.ts";

/** The key a blob record handed out; any other path names no upload (404). */
const blobKeyParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/**
 * POST /admin/api/direct_uploads (the blob record) and PUT /admin/api/direct_uploads/{key} (the
 * bytes). Both need a staff session and, like every state change, the X-CSRF-Token header.
 */
export async function registerAdminUploadRoutes(fastify: FastifyInstance, deps: { uploads: AdminUploadsService }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(DIRECT_UPLOAD_PATH, { ...staffOnly(), ...formSchema({ body: blobInputSchema, response: { 200: directUploadAnswer } }) }, async (request) =>
    deps.uploads.createBlob(checkedBody(request), requireStaff(request).id),
  );

  // Its own scope: the raw-bytes parser (any content type, up to the size limit) applies to this route only.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));

    // Staff are checked before the body is read, so nobody else can make the server take in 10 MB.
    scope.addHook("preParsing", async (request) => {
      requireStaff(request);
    });

    scope.withTypeProvider<ZodTypeProvider>().put(`${DIRECT_UPLOAD_PATH}/:key`, { schema: { params: blobKeyParams } }, async (request, reply) => {
      const { key } = request.params;
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await deps.uploads.store(key, body);
      return reply.status(204).send();
    });
  });
}
