import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DomainError } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import { requireStaff } from "../http/auth.ts";
import { formBody, KEYED_WRITE, staffOnly } from "../http/route-schemas.ts";
import { staffActor } from "../orders/order-moves.ts";
import type { JobsService } from "../jobs/jobs.service.ts";
import type { IssuedDataImportService } from "./issued-data-import.service.ts";
import { shipmentsOf } from "./issued-data-import.service.ts";

export const ISSUED_DATA_PATH = "/admin/api/shipments/issued-data";

/** A file of 2,000 rows of B2's layout is about 1 MB; base64 makes it 4/3 of that. */
const FILE_MAX_BYTES = 4 * 1024 * 1024;
const BODY_LIMIT = Math.ceil((FILE_MAX_BYTES * 4) / 3) + 4096;

const BODY_PROBLEMS = {
  file: { ja: "発行済みデータのファイルを選んでください。", en: "Choose the issued-data file." },
  large: { ja: "ファイルが大きすぎます(4MBまで)。", en: "The file is too large (4 MB at most)." },
  shipments: { ja: "発送する行の指定が正しくありません。もう一度ファイルを読み込んでください。", en: "The rows to ship are not valid. Upload the file again." },
} satisfies Record<string, Record<Locale, string>>;

function refused(problem: keyof typeof BODY_PROBLEMS, locale: Locale): DomainError {
  return new DomainError("invalid", undefined, undefined, [BODY_PROBLEMS[problem][locale]]);
}

/** The uploaded file's bytes from `file` (base64, as the page reads the chosen file); a data: URL's prefix is allowed. */
function fileBytes(body: Record<string, unknown>, locale: Locale): Buffer {
  const raw = typeof body.file === "string" ? body.file.replace(/^data:[^,]*,/, "") : "";
  if (!raw || !/^[A-Za-z0-9+/=\s]+$/.test(raw)) throw refused("file", locale);
  const bytes = Buffer.from(raw, "base64");
  if (bytes.length === 0) throw refused("file", locale);
  if (bytes.length > FILE_MAX_BYTES) throw refused("large", locale);
  return bytes;
}

/**
 * The carrier's issued-data upload (decision 067): POST …/preview with the file answers what each
 * row would do and writes nothing; POST …/issued-data with the rows to ship ships them (an
 * Idempotency-Key as every back-office move; a second upload of the same file ships nothing anyway).
 */
export function registerIssuedDataRoutes(fastify: FastifyInstance, deps: { issuedData: IssuedDataImportService; jobs: JobsService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = staffOnly();

  app.post(`${ISSUED_DATA_PATH}/preview`, { ...staff, bodyLimit: BODY_LIMIT, schema: { body: formBody } }, async (request) => ({
    data: await deps.issuedData.preview(fileBytes(request.body, request.locale), request.locale),
  }));

  // Over the jobs' threshold the confirm is a job the page follows (202, decision 069).
  app.post(ISSUED_DATA_PATH, { ...staff, config: KEYED_WRITE, schema: { body: formBody } }, async (request, reply) => {
    const shipments = shipmentsOf(request.body);
    if (!shipments) throw refused("shipments", request.locale);
    const staffId = requireStaff(request).id;
    if (deps.jobs.isLong(shipments.length)) return reply.code(202).send({ data: { job: await deps.jobs.enqueue("issued_data", shipments, staffId, request.locale) } });
    return { data: await deps.issuedData.confirm(shipments, request.locale, staffActor(staffId)) };
  });
}
