import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { recordIdSchema } from "../../domain/input-rules.ts";
import type { StaffRole } from "../../domain/staff.ts";
import { requireStaff } from "./auth.ts";

/**
 * Pieces of route declarations shared by route groups (decision 029): input is declared on the
 * route as zod schemas (fastify-type-provider-zod validates it before the handler runs, and types
 * `request.params`/`query`/`body` from it), so a handler only calls the service.
 */

/** `:id` of a record: a database id, or the path names nothing (a 404, as an unknown id is). */
export const recordIdParams = z.object({ id: recordIdSchema });

/**
 * Declared input is checked before the handler, so who may call the route is checked before that
 * (preValidation): a stranger learns nothing from which ids or fields are valid.
 */
export function staffOnly(role: StaffRole = "staff") {
  return {
    preValidation: async (request: FastifyRequest) => {
      requireStaff(request, role);
    },
  };
}
