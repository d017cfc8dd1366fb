import { useState } from "react";
import type { FormEvent } from "react";
import { Link, useLoaderData, useLocation, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-inquiry";
import { formatDateTime } from "../../../domain/format.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import { adminLoader, callAdminApi, errorsOf, loadAdmin } from "../../features/admin/admin-api.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { AdminSection } from "../../features/admin/ui/admin-section.tsx";
import { useOpsForm } from "../../features/admin/ui/use-ops-form.ts";
import detail from "../../features/admin/admin-order.module.css";
import { useOpsText } from "../../features/admin/ops-i18n.ts";
import type { ApiFailure, InquiryDetail } from "../../features/admin/ops-resources.ts";
import ops from "../../features/admin/ops.module.css";
import { useI18n } from "../../i18n/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Checkbox, Input, Textarea } from "../../ui/field.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import "../../i18n/form-pages-texts.ts";

async function load({ request, params }: Route.ClientLoaderArgs) {
  const answer = await loadAdmin<{ data: InquiryDetail }>(request, `/inquiries/${encodeURIComponent(params.id)}`);
  return { inquiry: answer.data };
}
export const clientLoader = adminLoader(load);

export function meta({ matches, params }: Route.MetaArgs) {
  return adminMeta(matches, { text: `#${params.id}` });
}

function ReplyForm({ inquiry }: { inquiry: InquiryDetail }) {
  const to = useOpsText();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const { busy, failure, send: write } = useOpsForm();
  const [formKey, setFormKey] = useState(0);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { subject: String(form.get("subject") ?? ""), message: String(form.get("message") ?? ""), mark_handled: form.get("mark_handled") === "on" };
    const refused = await write(`/inquiries/${inquiry.id}/replies`, { method: "POST", body }, async () => {
      setFormKey((key) => key + 1);
      snackbar.show("success", to("inquiry.sent"));
      await revalidator.revalidate();
    });
    if (refused) snackbar.show("danger", refused);
  }

  return (
    <form key={formKey} onSubmit={(event) => void send(event)} noValidate className={ops.form}>
      <p className={styles.muted}>{to("inquiry.replyHint", { language: to(`inquiry.language.${inquiry.locale}`) })}</p>
      <Input label={to("inquiry.replySubject")} name="subject" defaultValue={inquiry.reply_subject} error={failure?.fields?.subject?.[0]} maxLength={200} />
      <Textarea label={to("inquiry.replyMessage")} name="message" rows={8} error={failure?.fields?.message?.[0]} required />
      {!inquiry.handled_at && <Checkbox label={to("inquiry.replyAndHandle")} name="mark_handled" defaultChecked />}
      <Button type="submit" disabled={busy}>
        {to("inquiry.send")}
      </Button>
    </form>
  );
}

/** One inquiry: who asked what, the replies already sent, a reply form, and the handled mark. */
export default function AdminInquiry() {
  const to = useOpsText();
  const { locale } = useI18n();
  const { inquiry } = useLoaderData<typeof clientLoader>();
  const location = useLocation();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? "";
  const when = (iso: string) => formatDateTime(new Date(iso), locale);

  async function toggleHandled() {
    setBusy(true);
    try {
      const handled = !inquiry.handled_at;
      const result = await callAdminApi<ApiFailure>(`/inquiries/${inquiry.id}/handled`, { method: "POST", body: { handled } });
      if (result.ok) snackbar.show("success", to(handled ? "inquiry.markedHandled" : "inquiry.markedUnhandled"));
      else snackbar.show("danger", errorsOf(result.body, to("ops.failed")));
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className={detail.header}>
        <h1 className={styles.title}>{to("inquiry.title", { id: inquiry.id })}</h1>
        <Link to={`/admin/inquiries${listSearch}`} className={detail.back}>
          {to("inquiry.back")}
        </Link>
      </div>
      <AdminSection id="inquiry-subject" title={inquiry.subject}>
        <dl className={ops.facts}>
          <dt>{to("inquiries.from")}</dt>
          <dd>{inquiry.name}</dd>
          <dt>{to("inquiry.email")}</dt>
          <dd>
            <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
          </dd>
          <dt>{to("inquiries.receivedAt")}</dt>
          <dd>{when(inquiry.created_at)}</dd>
          <dt>{to("inquiry.language")}</dt>
          <dd>{to(`inquiry.language.${inquiry.locale}`)}</dd>
          {inquiry.order_number && (
            <>
              <dt>{to("inquiry.orderNumber")}</dt>
              <dd data-testid="inquiry-order">
                <Link to={`/admin/orders/${encodeURIComponent(inquiry.order_number)}`}>{orderNumberForShopper(inquiry.order_number)}</Link>
              </dd>
            </>
          )}
          <dt>{to("inquiry.member")}</dt>
          <dd>{inquiry.member_id === null ? to("inquiry.guest") : `#${inquiry.member_id}`}</dd>
          <dt>{to("inquiries.state")}</dt>
          <dd data-testid="inquiry-state">
            <Badge tone={inquiry.handled_at ? "success" : "danger"}>
              {inquiry.handled_at ? to("inquiry.handledAt", { date: when(inquiry.handled_at) }) : to("inquiries.state.unhandled")}
            </Badge>
          </dd>
        </dl>
        <h3 className={ops.subTitle}>{to("inquiry.message")}</h3>
        <p className={ops.message}>{inquiry.message}</p>
        <Button variant={inquiry.handled_at ? "secondary" : "primary"} onClick={() => void toggleHandled()} disabled={busy}>
          {to(inquiry.handled_at ? "inquiry.markUnhandled" : "inquiry.markHandled")}
        </Button>
      </AdminSection>
      {inquiry.replies_sent.length > 0 && (
        <AdminSection id="inquiry-replies" title={to("inquiry.repliesSent")}>
          {inquiry.replies_sent.map((reply) => (
            <article key={reply.id} className={ops.reply} data-testid="inquiry-reply">
              <p className={styles.muted}>{to("inquiry.repliedBy", { date: when(reply.created_at), staff: reply.staff_email ?? "" })}</p>
              <p className={ops.replySubject}>{reply.subject}</p>
              <p className={ops.message}>{reply.message}</p>
            </article>
          ))}
        </AdminSection>
      )}
      <AdminSection id="inquiry-reply" title={to("inquiry.reply")}>
        <ReplyForm inquiry={inquiry} />
      </AdminSection>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
