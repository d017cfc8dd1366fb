import { useState } from "react";
import type { FormEvent } from "react";
import { Link, useLoaderData, useNavigate, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-members";
import { formatDateTime } from "../../../domain/format.ts";
import { adminLoader, callAdminApi, errorsOf, loadAdmin } from "../../features/admin/admin-api.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import list from "../../features/admin/admin-orders.module.css";
import { useOpsText } from "../../features/admin/ops-i18n.ts";
import { OpsListFilters } from "../../features/admin/ops-list.tsx";
import { PagedList } from "../../features/admin/ui/paged-list.tsx";
import type { ApiFailure, Member, Paged } from "../../features/admin/ops-resources.ts";
import ops from "../../features/admin/ops.module.css";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminRanksEn } from "../../i18n/admin-ranks.en.ts";
import type { AdminRanksKey } from "../../i18n/admin-ranks.ja.ts";
import { adminRanksJa } from "../../i18n/admin-ranks.ja.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";

async function load({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const q = search.get("q")?.trim().slice(0, 100) ?? "";
  const query = new URLSearchParams();
  if (q) query.set("q", q);
  const page = Number(search.get("page"));
  if (Number.isInteger(page) && page > 1) query.set("page", String(page));
  const members = await loadAdmin<Paged<Member>>(request, `/members?${query.toString()}`);
  return { q, search: search.toString(), members };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "admin.nav.members");
}

type MemberAction = "lock" | "unlock" | "confirmation";

function MemberActions({ member }: { member: Member }) {
  const to = useOpsText();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function run(action: MemberAction) {
    setBusy(true);
    try {
      const result = await callAdminApi<ApiFailure>(`/members/${member.id}/${action}`, { method: "POST" });
      if (!result.ok) snackbar.show("danger", errorsOf(result.body, to("ops.failed")));
      else
        snackbar.show(
          "success",
          to(action === "lock" ? "members.lockedDone" : action === "unlock" ? "members.unlockedDone" : "members.resent", {
            email: member.unconfirmed_email ?? member.email,
          }),
        );
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={ops.actions}>
      {member.locked || member.failed_attempts > 0 ? (
        <Button variant="secondary" onClick={() => void run("unlock")} disabled={busy}>
          {to("members.doUnlock")}
        </Button>
      ) : null}
      {!member.locked && (
        <Button variant="ghost" onClick={() => void run("lock")} disabled={busy}>
          {to("members.doLock")}
        </Button>
      )}
      {(!member.confirmed || member.unconfirmed_email) && (
        <Button variant="ghost" onClick={() => void run("confirmation")} disabled={busy}>
          {to("members.resend")}
        </Button>
      )}
    </div>
  );
}

/** Members: search, whether they confirmed and are locked, their sign-ins; lock, unlock, resend confirmation. */
export default function AdminMembers() {
  const to = useOpsText();
  const { locale, yen } = useI18n();
  const tr = (key: AdminRanksKey) => (locale === "en" ? adminRanksEn : adminRanksJa)[key];
  const { q, search, members } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), locale) : to("ops.never"));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    void navigate(text ? `/admin/members?q=${encodeURIComponent(text)}` : "/admin/members", { replace: true });
  }

  return (
    <>
      <h1 className={styles.title}>{to("members.title")}</h1>
      <section className={styles.section}>
        <OpsListFilters path="/admin/members" search={search} submitLabel={to("ops.search")} onSubmit={submit}>
          <div className={list.search}>
            <Input label={to("members.q")} name="q" type="search" defaultValue={q} />
          </div>
        </OpsListFilters>
        <p className={styles.muted}>{to("members.lockHint")}</p>
      </section>
      <PagedList
        id="members-list"
        title={to("members.list")}
        emptyText={to("members.empty")}
        path="/admin/members"
        search={search}
        list={members}
        rowTestId="admin-member-row"
        columns={[
          {
            header: to("members.member"),
            rowHeader: true,
            cell: (member) => (
              <>
                <span className={list.name}>{member.user_name || member.email}</span>
                <span className={list.email}>{member.email}</span>
                <span className={list.email}>
                  {to("members.registeredAt")}: {when(member.created_at)}
                </span>
                <span className={list.email}>
                  <Link to={`/admin/points?member=${member.id}`}>ID {member.id}</Link>
                </span>
              </>
            ),
          },
          {
            header: to("members.confirmed"),
            cell: (member) => (
              <>
                <Badge tone={member.confirmed ? "success" : "grey"}>{to(member.confirmed ? "members.confirmed.yes" : "members.confirmed.no")}</Badge>
                {member.unconfirmed_email && <span className={list.email}>{to("members.pendingEmail", { email: member.unconfirmed_email })}</span>}
              </>
            ),
          },
          {
            header: to("members.lock"),
            cell: (member) =>
              member.locked ? <Badge tone="danger">{to("members.locked", { date: when(member.locked_until) })}</Badge> : to("members.unlocked"),
          },
          { header: to("members.signIns"), className: styles.number, cell: (member) => member.sign_in_count },
          { header: to("members.lastSignIn"), cellClassName: styles.nowrap, cell: (member) => when(member.last_sign_in_at) },
          {
            header: tr("members.rank"),
            cellTestId: "admin-member-rank",
            cell: (member) => (member.rank?.rank ? `${member.rank.rank.name} (${member.rank.rank.point_rate}%)` : "-"),
          },
          {
            header: tr("members.purchases"),
            className: styles.number,
            cellClassName: styles.nowrap,
            cell: (member) => (member.rank ? yen(member.rank.purchases) : "-"),
          },
          { header: to("members.actions"), cell: (member) => <MemberActions member={member} /> },
        ]}
      />
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
