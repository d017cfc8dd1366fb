/** Back-office roles: the owner may do everything, staff the daily work (orders). */
export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The signed-in staff member as GET /admin/api/session answers it. */
export interface StaffResource {
  id: number;
  email: string;
  role: StaffRole;
}
