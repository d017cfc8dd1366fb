import type { FastifyInstance } from "fastify";
import { adminInquiriesAnswer, adminInquiryAnswer } from "../../domain/answers/admin-people.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Locale } from "../../domain/locale.ts";
import { validationFailed } from "../../domain/errors.ts";
import { requireStaff } from "../http/auth.ts";
import { KEYED_WRITE, checkedBody, formSchema, pageQuery, queryText, recordIdParams, searchText, staffOnly } from "../http/route-schemas.ts";
import type { AdminInquiriesService, InquiryState } from "../inquiries/admin-inquiries.service.ts";
import { INQUIRY_STATES } from "../inquiries/admin-inquiries.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import { inquiryHandledSchema, inquiryReplySchema } from "../../domain/inquiry-input.ts";
import { LabelledFieldErrors } from "../i18n/labelled-field-errors.ts";

const filterLabels = { state: { ja: "対応状況", en: "State" }, handled: { ja: "対応済み", en: "Handled" } };
/** A reply's fields as the inbox names them (its message is the reply, not the inquiry's). */
const replyLabels = { subject: { ja: "件名", en: "Subject" }, message: { ja: "返信内容", en: "Reply" } };

// The shapes are declared here; a value outside its choices is the form's 422 naming the field.
const inquiriesQuery = z.object({ state: queryText, q: searchText, page: pageQuery });

function notAChoice(field: "state", locale: Locale): never {
  const errors = new LabelledFieldErrors(locale, filterLabels);
  errors.add(field, "inclusion");
  throw validationFailed(errors);
}

/** The inquiry inbox: list (unhandled first), one inquiry with its replies, handled marks, replies by mail. Staff and owner alike. */
export function registerAdminInquiryRoutes(fastify: FastifyInstance, deps: { adminInquiries: AdminInquiriesService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { adminInquiries } = deps;
  const staff = staffOnly();
  const oneInquiry = { ...staff, schema: { params: recordIdParams, response: { 200: adminInquiryAnswer } } };

  app.get(`${ADMIN_API}/inquiries`, { ...staff, schema: { querystring: inquiriesQuery, response: { 200: adminInquiriesAnswer } } }, async (request) => {
    const state = request.query.state || "all";
    if (!(INQUIRY_STATES as readonly string[]).includes(state)) notAChoice("state", request.locale);
    return adminInquiries.list({ state: state as InquiryState, q: request.query.q, page: request.query.page });
  });

  app.get(`${ADMIN_API}/inquiries/:id`, oneInquiry, async (request) => ({ data: await adminInquiries.detail(request.params.id) }));

  /** { handled: true } marks it handled, { handled: false } back to unhandled. */
  app.post(
    `${ADMIN_API}/inquiries/:id/handled`,
    { ...staff, ...formSchema({ params: recordIdParams, body: inquiryHandledSchema, response: { 200: adminInquiryAnswer } }) },
    async (request) => {
      const { handled } = checkedBody(request, filterLabels);
      return { data: await adminInquiries.setHandled(request.params.id, handled) };
    },
  );

  /** { subject?, message, mark_handled? }: mails the answer to the sender in their language and keeps it. */
  app.post(
    `${ADMIN_API}/inquiries/:id/replies`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: recordIdParams, body: inquiryReplySchema, response: { 200: adminInquiryAnswer } }) },
    async (request) => {
      const staffMember = requireStaff(request);
      return { data: await adminInquiries.reply(request.params.id, checkedBody(request, replyLabels), { staffId: staffMember.id, locale: request.locale }) };
    },
  );
}
