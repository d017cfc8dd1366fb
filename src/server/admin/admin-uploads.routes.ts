import type { FastifyInstance } from "fastify";
import { UPLOAD_MAX_BYTES } from "../../domain/admin-catalog.ts";
import { requireStaff } from "../http/auth.ts";
import { DomainError } from "../../domain/errors.ts";
import type { AdminUploadsService } from "../images/admin-uploads.service.ts";
import { DIRECT_UPLOAD_PATH, readBlobInput } from "../images/admin-uploads.service.ts";

/**
 * POST /admin/api/direct_uploads (the blob record) and PUT /admin/api/direct_uploads/{key} (the
 * bytes). Both need a staff session and, like every state change, the X-CSRF-Token header.
 */
export async function registerAdminUploadRoutes(app: FastifyInstance, deps: { uploads: AdminUploadsService }): Promise<void> {
  app.post(DIRECT_UPLOAD_PATH, async (request) => {
    const staff = requireStaff(request);
    return deps.uploads.createBlob(readBlobInput(request.body, request.locale), staff.id);
  });

  // Its own scope: the raw-bytes parser (any content type, up to the size limit) applies to this route only.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));

    // Staff are checked before the body is read, so nobody else can make the server take in 10 MB.
    scope.addHook("preParsing", async (request) => {
      requireStaff(request);
    });

    scope.put<{ Params: { key: string } }>(`${DIRECT_UPLOAD_PATH}/:key`, async (request, reply) => {
      const { key } = request.params;
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) throw new DomainError("not-found");
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await deps.uploads.store(key, body);
      return reply.status(204).send();
    });
  });
}
