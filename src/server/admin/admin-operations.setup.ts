import type { FastifyInstance } from "fastify";
import type { AccountService } from "../accounts/account.service.ts";
import type { SessionService } from "../accounts/session.service.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { DatabaseHandle } from "../db/client.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { registerAdminInquiryRoutes } from "./admin-inquiries.routes.ts";
import { AdminInquiriesService } from "../inquiries/admin-inquiries.service.ts";
import { registerAdminMemberRoutes } from "./admin-members.routes.ts";
import { AdminMembersService } from "../accounts/admin-members.service.ts";
import { registerAdminSettingsRoutes } from "./admin-settings.routes.ts";
import { AdminSettingsService } from "./admin-settings.service.ts";
import { registerOrderExportRoutes } from "./order-export.routes.ts";
import { OrderExportService } from "./order-export.service.ts";
import { registerStaffManagementRoutes } from "./staff-management.routes.ts";
import { StaffManagementService } from "./staff-management.service.ts";
import type { StaffService } from "./staff.service.ts";
import type { RanksService } from "../ranks/ranks.service.ts";

/**
 * The back office's daily operations besides orders and the catalogue: order CSV exports (plain and
 * Yamato B2 Cloud), the inquiry inbox, members, and the owner's settings and staff accounts.
 * Kept in one place so app.ts only calls this.
 */
export async function registerAdminOperations(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    orders: OrdersService;
    catalog: CatalogService;
    shopProfiles: ShopProfileService;
    mail: MailService;
    accounts: AccountService;
    sessions: SessionService;
    staff: StaffService;
    publicUrl: string;
    unlockAfterMinutes: number;
    /** Member ranks (decision 090): each member's rank on the member list. */
    ranks?: Pick<RanksService, "views"> | undefined;
  },
): Promise<void> {
  const db = deps.database.db;
  registerOrderExportRoutes(app, { orderExports: new OrderExportService({ orders: deps.orders, catalog: deps.catalog, shopProfiles: deps.shopProfiles }) });
  registerAdminInquiryRoutes(app, {
    adminInquiries: new AdminInquiriesService(db, { mail: deps.mail, shopProfiles: deps.shopProfiles }, { publicUrl: deps.publicUrl }),
  });
  registerAdminMemberRoutes(app, {
    adminMembers: new AdminMembersService(db, { accounts: deps.accounts, sessions: deps.sessions }, { unlockAfterMinutes: deps.unlockAfterMinutes }),
    ranks: deps.ranks,
  });
  const adminSettings = new AdminSettingsService(deps.database, { shopProfiles: deps.shopProfiles });
  await adminSettings.startListening();
  registerAdminSettingsRoutes(app, { adminSettings });
  registerStaffManagementRoutes(app, { staffManagement: new StaffManagementService(db, { staff: deps.staff }) });
}
