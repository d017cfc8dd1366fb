import type { FastifyInstance } from "fastify";
import { requireStaff } from "../http/auth.ts";
import { validationFailed } from "../../domain/errors.ts";
import type { AdminInquiriesService, InquiryState } from "../inquiries/admin-inquiries.service.ts";
import { INQUIRY_STATES } from "../inquiries/admin-inquiries.service.ts";
import { bodyOf, numericIdOf, pageOf, queryText } from "./admin-params.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import { LabelledFieldErrors } from "../i18n/labelled-field-errors.ts";

const filterLabels = { state: { ja: "対応状況", en: "State" }, handled: { ja: "対応済み", en: "Handled" } };

/** The inquiry inbox: list (unhandled first), one inquiry with its replies, handled marks, replies by mail. Staff and owner alike. */
export function registerAdminInquiryRoutes(app: FastifyInstance, deps: { adminInquiries: AdminInquiriesService }): void {
  const { adminInquiries } = deps;

  app.get(`${ADMIN_API}/inquiries`, async (request) => {
    requireStaff(request);
    const state = queryText(request, "state") || "all";
    if (!(INQUIRY_STATES as readonly string[]).includes(state)) {
      const errors = new LabelledFieldErrors(request.locale, filterLabels);
      errors.add("state", "inclusion");
      throw validationFailed(errors);
    }
    return adminInquiries.list({ state: state as InquiryState, q: queryText(request, "q").slice(0, 100) || undefined, page: pageOf(request) });
  });

  app.get(`${ADMIN_API}/inquiries/:id`, async (request) => {
    requireStaff(request);
    return { data: await adminInquiries.detail(numericIdOf(request)) };
  });

  /** { handled: true } marks it handled, { handled: false } back to unhandled. */
  app.post(`${ADMIN_API}/inquiries/:id/handled`, async (request) => {
    requireStaff(request);
    const id = numericIdOf(request);
    const handled = bodyOf(request).handled;
    if (typeof handled !== "boolean") {
      const errors = new LabelledFieldErrors(request.locale, filterLabels);
      errors.add("handled", "inclusion");
      throw validationFailed(errors);
    }
    return { data: await adminInquiries.setHandled(id, handled) };
  });

  /** { subject?, message, mark_handled? }: mails the answer to the sender in their language and keeps it. */
  app.post(`${ADMIN_API}/inquiries/:id/replies`, async (request) => {
    const staff = requireStaff(request);
    const id = numericIdOf(request);
    return { data: await adminInquiries.reply(id, bodyOf(request), { staffId: staff.id, locale: request.locale }) };
  });
}
