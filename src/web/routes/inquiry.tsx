import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { inquiryReceivedAnswer } from "../../domain/answers/member.ts";
import { useEffect } from "react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/inquiry";
import { INQUIRY_LIMITS } from "../../domain/inquiry.ts";
import { useAuth } from "../shared/auth/auth-context.tsx";
import { useFieldErrors } from "../shared/auth/account-form.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { useCheckedPost } from "../shared/site/checked-post.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { lazyFormRules, problemMessages } from "../shared/site/form-rules.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { newIdempotencyKey } from "../shared/site/request-key.ts";
import { RequestKeyField } from "../shared/site/request-key-field.tsx";
import { useSite } from "../shared/site/site-context.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { EmailInput, Input, Textarea } from "../ui/field.tsx";
import styles from "./inquiry.module.css";
import "../i18n/form-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "nav.contact");
}

/** The contact form's schema, the one POST /api/inquiries declares (domain/inquiry-input.ts). */
const inquiryRules = lazyFormRules("inquiry", () => import("../../domain/inquiry-input.ts"));

function inquiryBody(values: Record<string, string>) {
  const { name = "", email = "", order_number = "", subject = "", message = "" } = values;
  return { inquiry: { name, email, order_number, subject, message } };
}

/** The request key the form posts without JavaScript (decision 049): a resent form is booked once. The page is never kept, so each visitor draws their own. */
export function loader() {
  return { requestKey: newIdempotencyKey() };
}

/** The form posted without JavaScript: the same API call with the form's request key, then /inquiry/complete (decision 052). */
export async function action(args: Route.ActionArgs) {
  return formAction(
    args,
    (values) => ({ method: "POST", path: "/api/inquiries", body: inquiryBody(values), keyed: true }),
    () => ({ redirectTo: "/inquiry/complete" }),
  );
}

/**
 * The contact form: POST /api/inquiries; a 422 puts each field's message under
 * the field and focuses the first one; success goes to /inquiry/complete.
 * Members find their name and address filled in. Phone and mail stay beside the form.
 */
export default function Inquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { t, pick, locale } = useI18n();
  const { shop } = useSite();
  const { user } = useAuth();
  const navigate = useNavigate();
  const refusal = refusalOf(actionData);
  const { formRef, setFields, errorOf, clear, refused, postedValue } = useFieldErrors(refusal);
  const { submitting, submit } = useCheckedPost<AnswerOrRefusal<typeof inquiryReceivedAnswer>>({
    path: "/inquiries",
    bodyOf: inquiryBody,
    // The same schema the route checks, so every field's message shows before anything is sent.
    async check(values) {
      const parsed = (await inquiryRules())?.parseInquiry(inquiryBody(values));
      if (!parsed || parsed.ok) return undefined;
      const labels = {
        name: t("inquiry.name"),
        email: t("inquiry.email"),
        order_number: t("inquiry.orderNumber"),
        subject: t("inquiry.subject"),
        message: t("inquiry.message"),
      };
      return problemMessages(parsed.problems, labels, locale);
    },
    setFields,
    clear,
    onAccepted: () => navigate("/inquiry/complete"),
    failed: t("inquiry.failed"),
    what: "inquiry",
  });

  useEffect(() => {
    void inquiryRules();
  }, []);

  const required = <span className={styles.required}>{t("inquiry.required")}</span>;
  // Each label with its mark: 必須 on the required fields, 任意 on the order number.
  const labelled = (key: MessageKey, mark: ReactNode = required) => (
    <>
      {t(key)} {mark}
    </>
  );
  return (
    <div className="page">
      <h1 className="page-title">{t("inquiry.title")}</h1>
      <p className={styles.lead}>{t("inquiry.lead", { hours: pick(shop.contactHours) })}</p>
      <div className={styles.layout}>
        <section aria-labelledby="inquiry-form-heading">
          <h2 id="inquiry-form-heading" className={styles.heading}>
            {t("inquiry.formHeading")}
          </h2>
          {/* A 422 shows its messages under the fields; other refusals (403, 429) say why here, as the snackbar does with JavaScript. */}
          {!refusal || Object.keys(refusal.fields).length === 0 ? <RefusedNotice errors={refused} /> : null}
          <form ref={formRef} onSubmit={submit} method="post" noValidate className={styles.form}>
            <CsrfField />
            <RequestKeyField value={loaderData.requestKey} />
            <Input
              label={labelled("inquiry.name")}
              name="name"
              autoComplete="name"
              required
              defaultValue={postedValue("name") ?? user?.user_name ?? ""}
              error={errorOf("name")}
            />
            <EmailInput label={labelled("inquiry.email")} defaultValue={postedValue("email") ?? user?.email ?? ""} error={errorOf("email")} />
            <Input
              label={labelled("inquiry.orderNumber", <span className={styles.optional}>{t("inquiry.optional")}</span>)}
              name="order_number"
              autoComplete="off"
              defaultValue={postedValue("order_number")}
              hint={t("inquiry.orderNumberHint")}
              error={errorOf("order_number")}
            />
            <Input
              label={labelled("inquiry.subject")}
              name="subject"
              required
              defaultValue={postedValue("subject")}
              hint={t("inquiry.maxLength", { max: INQUIRY_LIMITS.subject })}
              error={errorOf("subject")}
            />
            <Textarea
              label={labelled("inquiry.message")}
              name="message"
              required
              defaultValue={postedValue("message")}
              rows={8}
              hint={t("inquiry.maxLength", { max: INQUIRY_LIMITS.message.toLocaleString("en-US") })}
              error={errorOf("message")}
            />
            <p className={styles.privacy}>
              {t("inquiry.privacyNote")} <TransitionLink to="/privacy-policy">{t("inquiry.privacyLink")}</TransitionLink>
            </p>
            <Button type="submit" disabled={submitting} className={styles.submit}>
              {submitting ? t("inquiry.sending") : t("inquiry.submit")}
            </Button>
          </form>
        </section>
        <aside className={styles.aside} aria-labelledby="inquiry-other-heading">
          <h2 id="inquiry-other-heading" className={styles.heading}>
            {t("inquiry.otherWays")}
          </h2>
          <dl className={styles.contacts}>
            <dt>{t("inquiry.byMail")}</dt>
            <dd>
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </dd>
            <dt>{t("inquiry.byPhone")}</dt>
            <dd>
              <a href={`tel:${shop.phone}`}>{shop.phone}</a>
              <span className={styles.hours}>{t("inquiry.phoneHours", { hours: pick(shop.businessHours) })}</span>
            </dd>
          </dl>
        </aside>
      </div>
    </div>
  );
}
