import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ISSUED_DATA_FILE_MAX_BYTES, ISSUED_DATA_PROBLEMS, issuedDataConfirmSchema, issuedDataFileSchema } from "../../domain/issued-data-input.ts";
import { requireStaff } from "../http/auth.ts";
import { issuedDataPreviewAnswer, issuedDataResultAnswer, jobQueuedAnswer } from "../../domain/answers/jobs.ts";
import { KEYED_WRITE, checkedBodyOrProblem, formSchema, staffOnly } from "../http/route-schemas.ts";
import { staffActor } from "../orders/order-moves.ts";
import type { JobsService } from "../jobs/jobs.service.ts";
import type { IssuedDataImportService } from "./issued-data-import.service.ts";

export const ISSUED_DATA_PATH = "/admin/api/shipments/issued-data";

/** The file as base64 is 4/3 of its bytes, in a small JSON object. */
const BODY_LIMIT = Math.ceil((ISSUED_DATA_FILE_MAX_BYTES * 4) / 3) + 4096;

/**
 * The carrier's issued-data upload (decision 067): POST …/preview with the file answers what each
 * row would do and writes nothing; POST …/issued-data with the rows to ship ships them (an
 * Idempotency-Key as every back-office move; a second upload of the same file ships nothing anyway).
 * Their bodies' schemas are in domain/issued-data-input.ts: the JSON the page's action sends.
 */
export function registerIssuedDataRoutes(fastify: FastifyInstance, deps: { issuedData: IssuedDataImportService; jobs: JobsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = staffOnly();

  app.post(
    `${ISSUED_DATA_PATH}/preview`,
    { ...staff, bodyLimit: BODY_LIMIT, ...formSchema({ body: issuedDataFileSchema, response: { 200: issuedDataPreviewAnswer } }) },
    async (request) => {
      const { file } = checkedBodyOrProblem(request, ISSUED_DATA_PROBLEMS);
      return { data: await deps.issuedData.preview(Buffer.from(file, "base64"), request.locale) };
    },
  );

  // Over the jobs' threshold the confirm is a job the page follows (202, decision 069).
  app.post(
    ISSUED_DATA_PATH,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: issuedDataConfirmSchema, response: { 200: issuedDataResultAnswer, 202: jobQueuedAnswer } }) },
    async (request, reply) => {
      const { shipments } = checkedBodyOrProblem(request, ISSUED_DATA_PROBLEMS);
      const staffId = requireStaff(request).id;
      if (deps.jobs.isLong(shipments.length))
        return reply.code(202).send({ data: { job: await deps.jobs.enqueue("issued_data", shipments, staffId, request.locale) } });
      return { data: await deps.issuedData.confirm(shipments, request.locale, staffActor(staffId)) };
    },
  );
}
