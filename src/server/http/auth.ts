import type { FastifyRequest } from "fastify";
import type { UserResource } from "../../domain/account.ts";
import type { StaffResource, StaffRole } from "../../domain/staff.ts";
import { DomainError } from "../../domain/errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member of this request's session, or null for a guest (set by the session hook). */
    user: UserResource | null;
    /** The signed-in staff member of a back-office session, or null (set by the session hook). */
    staff: StaffResource | null;
    /**
     * The account of a pending sign-in that is enrolling its second factor (decision 063), set by
     * the two-factor routes: no session yet, but the audit log names who did it.
     */
    enrollingStaff: StaffResource | null;
  }
}

/** The signed-in member, or a 401 for routes that are for members only. */
export function requireUser(request: FastifyRequest): UserResource {
  if (!request.user) throw new DomainError("unauthorized");
  return request.user;
}

/**
 * The signed-in staff member, or a 401 (a shopper's session never has one); with `role`, a 403 for
 * staff without it. The owner may do everything staff may.
 */
export function requireStaff(request: FastifyRequest, role: StaffRole = "staff"): StaffResource {
  if (!request.staff) throw new DomainError("unauthorized", request.sessionExpired ? "sessionTimeout" : "staffUnauthorized");
  if (role === "owner" && request.staff.role !== "owner") throw new DomainError("forbidden");
  return request.staff;
}
