import { useState } from "react";
import type { FormEvent } from "react";
import { useLoaderData, useRevalidator, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/admin-staff";
import { adminLoader, callAdminApi, errorsOf } from "../../features/admin/admin-api.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import type { SessionAnswer } from "../../features/admin/admin-resources.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { useOpsText } from "../../features/admin/ops-i18n.ts";
import { OpsDateTime } from "../../features/admin/ops-list.tsx";
import { AdminSection } from "../../features/admin/ui/admin-section.tsx";
import { useOpsForm } from "../../features/admin/ui/use-ops-form.ts";
import { DataTable } from "../../features/admin/ui/data-table.tsx";
import { OwnerOnlyPage } from "../../features/admin/ui/owner-only-notice.tsx";
import type { ApiFailure, StaffEntry } from "../../features/admin/ops-resources.ts";
import ops from "../../features/admin/ops.module.css";
import { loadOwnerOnly } from "../../features/admin/owner-only.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Checkbox, Input, Select, Textarea } from "../../ui/field.tsx";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { Notice } from "../../ui/notice.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";

/** GET /admin/api/security (decision 063). */
interface SecurityAnswer {
  require_two_factor: boolean;
  allow_ips: string[];
  env_override: boolean;
  your_ip: string;
}

async function load({ request }: Route.ClientLoaderArgs) {
  const answer = await loadOwnerOnly<{ data: StaffEntry[] }>(request, "/staff");
  const security = answer ? await loadOwnerOnly<SecurityAnswer>(request, "/security") : null;
  return { staff: answer?.data ?? null, security };
}

/**
 * The owner's access rules (decision 063): two-step verification for all staff, and the IP
 * allow-list of the back office, refused when it leaves out the owner's own address unless ticked.
 */
function AccessRules({ security }: { security: SecurityAnswer }) {
  const ta = useAdminText();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const { busy, failure, send } = useOpsForm();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await send(
      "/security",
      {
        method: "PUT",
        body: {
          require_two_factor: form.get("require_two_factor") === "on",
          allow_ips: String(form.get("allow_ips") ?? "")
            .split(/\s+/)
            .filter(Boolean),
          confirm_lockout: form.get("confirm_lockout") === "on",
        },
      },
      async () => {
        snackbar.show("success", ta("staffSecurity.saved"));
        await revalidator.revalidate();
      },
    );
  }

  return (
    <form className={ops.form} onSubmit={(event) => void save(event)} noValidate>
      <Checkbox label={ta("staffSecurity.requireAll")} name="require_two_factor" defaultChecked={security.require_two_factor} />
      {security.env_override && <Notice tone="info">{ta("staffSecurity.envOverride")}</Notice>}
      <Textarea
        label={ta("staffSecurity.allowIps")}
        name="allow_ips"
        rows={4}
        defaultValue={security.allow_ips.join("\n")}
        hint={ta("staffSecurity.yourIp", { ip: security.your_ip })}
        error={failure?.fields?.allow_ips?.join(" ")}
        spellCheck={false}
      />
      <Checkbox label={ta("staffSecurity.confirmLockout")} name="confirm_lockout" />
      {failure && !failure.fields?.allow_ips && <Notice tone="danger">{(failure.errors ?? []).join(" ")}</Notice>}
      <Button type="submit" disabled={busy}>
        {ta("staffSecurity.save")}
      </Button>
    </form>
  );
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "admin.nav.staff");
}

function AddStaff() {
  const to = useOpsText();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const { busy, failure, send } = useOpsForm();
  const [issued, setIssued] = useState<{ email: string; password: string } | null>(null);
  const [formKey, setFormKey] = useState(0);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "staff") };
    await send<{ data?: StaffEntry; password?: string }>("/staff", { method: "POST", body }, async (added) => {
      if (!added?.data || !added.password) return false;
      setIssued({ email: added.data.email, password: added.password });
      setFormKey((key) => key + 1);
      snackbar.show("success", to("staff.added", { email: added.data.email }));
      await revalidator.revalidate();
    });
  }

  return (
    <>
      {issued && (
        <Notice tone="success" testId="staff-password">
          <p>
            {to("staff.password", { email: issued.email, password: "" })}
            <span className={ops.password}>{issued.password}</span>
          </p>
          <p>{to("staff.passwordNote")}</p>
        </Notice>
      )}
      <form key={formKey} className={ops.form} onSubmit={(event) => void add(event)} noValidate>
        <Input label={to("staff.email")} name="email" type="email" autoComplete="off" error={failure?.fields?.email?.[0]} />
        <Select
          label={to("staff.role")}
          name="role"
          defaultValue="staff"
          error={failure?.fields?.role?.[0]}
          options={[
            { value: "staff", label: to("staff.role.staff") },
            { value: "owner", label: to("staff.role.owner") },
          ]}
        />
        <Button type="submit" disabled={busy}>
          {to("staff.addSubmit")}
        </Button>
      </form>
    </>
  );
}

/** The owner's list of back-office accounts: add one (a password shown once) or remove one. */
export default function AdminStaff() {
  const to = useOpsText();
  const { locale } = useI18n();
  const { staff, security } = useLoaderData<typeof clientLoader>();
  const ta = useAdminText();
  const session = useRouteLoaderData<{ staff: SessionAnswer["staff"] }>("routes/admin/admin-layout");
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();

  async function remove(entry: StaffEntry) {
    if (!window.confirm(to("staff.removeConfirm", { email: entry.email }))) return;
    const result = await callAdminApi<ApiFailure>(`/staff/${entry.id}`, { method: "DELETE" });
    if (result.ok) snackbar.show("success", to("staff.removed", { email: entry.email }));
    else snackbar.show("danger", errorsOf(result.body, to("ops.failed")));
    await revalidator.revalidate();
  }

  async function resetTwoFactor(entry: StaffEntry) {
    if (!window.confirm(ta("staffSecurity.resetConfirm", { email: entry.email }))) return;
    const result = await callAdminApi<ApiFailure>(`/staff/${entry.id}/two-factor/reset`, { method: "POST" });
    if (result.ok) snackbar.show("success", ta("staffSecurity.resetDone", { email: entry.email }));
    else snackbar.show("danger", errorsOf(result.body, to("ops.failed")));
    await revalidator.revalidate();
  }

  if (!staff) return <OwnerOnlyPage title={to("staff.title")} />;
  return (
    <>
      <h1 className={styles.title}>{to("staff.title")}</h1>
      <AdminSection id="staff-list" title={to("staff.list")}>
        <DataTable
          labelledBy="staff-list"
          rows={staff}
          rowKey={(entry) => entry.id}
          columns={[
            {
              header: to("staff.email"),
              rowHeader: true,
              cell: (entry) => (
                <>
                  {entry.email} {entry.id === session?.staff.id && to("staff.you")} {entry.locked && <Badge tone="danger">{to("staff.locked")}</Badge>}
                </>
              ),
            },
            { header: to("staff.role"), cell: (entry) => to(`staff.role.${entry.role}`) },
            {
              header: to("staff.lastSignIn"),
              cell: (entry) => (entry.last_sign_in_at ? <OpsDateTime at={entry.last_sign_in_at} locale={locale} /> : to("ops.never")),
            },
            {
              header: ta("staffSecurity.twoFactor"),
              cell: (entry) => (entry.two_factor ? <Badge tone="success">{ta("staffSecurity.on")}</Badge> : ta("staffSecurity.off")),
            },
            {
              header: null,
              cell: (entry) => (
                <>
                  {entry.id !== session?.staff.id && entry.two_factor && (
                    <Button variant="ghost" onClick={() => void resetTwoFactor(entry)}>
                      {ta("staffSecurity.reset")}
                    </Button>
                  )}
                  {entry.id !== session?.staff.id && (
                    <Button variant="ghost" onClick={() => void remove(entry)}>
                      {to("staff.remove")}
                    </Button>
                  )}
                </>
              ),
            },
          ]}
        />
      </AdminSection>
      <AdminSection id="staff-add" title={to("staff.add")}>
        <AddStaff />
      </AdminSection>
      {security && (
        <AdminSection id="staff-security" title={ta("staffSecurity.title")}>
          <AccessRules security={security} />
        </AdminSection>
      )}
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
