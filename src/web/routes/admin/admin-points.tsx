import { useState } from "react";
import type { FormEvent } from "react";
import { useLoaderData, useNavigate, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-points";
import { fillText } from "../../../domain/fill-text.ts";
import { formatDateTime } from "../../../domain/format.ts";
import { adminLoader, callAdminApi, errorsOf, loadAdmin } from "../../features/admin/admin-api.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { DataTable } from "../../features/admin/ui/data-table.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminPointsEn } from "../../i18n/admin-points.en.ts";
import type { AdminPointsKey } from "../../i18n/admin-points.ja.ts";
import { adminPointsJa } from "../../i18n/admin-points.ja.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";

interface Settings {
  base_rate_percent: number;
  grant_on: "paid" | "shipped";
  expiry_months: number;
  on_charges: boolean;
}
interface MemberPoints {
  balance: number;
  expires_on: string | null;
  history: { id: number; kind: string; label: string; points: number; reason: string; created_at: string }[];
}

async function load({ request }: Route.ClientLoaderArgs) {
  const member = Number(new URL(request.url).searchParams.get("member"));
  const [settings, liability] = await Promise.all([
    loadAdmin<{ data: Settings }>(request, "/points/settings"),
    loadAdmin<{ data: { members: number; points: number; yen: number } }>(request, "/points/liability"),
  ]);
  let points: MemberPoints | null = null;
  let memberId: number | null = null;
  if (Number.isSafeInteger(member) && member > 0) {
    memberId = member;
    const answer = await callAdminApi<{ data: MemberPoints }>(`/members/${member}/points`, { signal: request.signal });
    points = answer.ok ? (answer.body?.data ?? null) : null;
  }
  return { settings: settings.data, liability: liability.data, memberId, points };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "admin.nav.members");
}

function usePointsText() {
  const { locale } = useI18n();
  const texts = locale === "en" ? adminPointsEn : adminPointsJa;
  return (key: AdminPointsKey, params?: Record<string, string | number>) => (params ? fillText(texts[key], params) : texts[key]);
}

/** /admin/points (decision 089): the liability and its CSV, the trader's rule (owner), and one member's points with staff's grants and removals. */
export default function AdminPoints() {
  const tp = usePointsText();
  const { locale } = useI18n();
  const { settings, liability, memberId, points } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const figure = (value: number) => value.toLocaleString("en-US");

  async function send(path: string, method: "PUT" | "POST", body: Record<string, string>, done: (data: { balance?: number }) => string) {
    setBusy(true);
    setErrors([]);
    try {
      const result = await callAdminApi<{ data?: { balance?: number }; errors?: unknown }>(path, { method, body });
      if (result.status === 403) setErrors([tp("adminPoints.ownerOnly")]);
      else if (!result.ok) setErrors(errorsOf(result.body, tp("adminPoints.failed")));
      else {
        snackbar.show("success", done(result.body?.data ?? {}));
        await revalidator.revalidate();
        return true;
      }
    } finally {
      setBusy(false);
    }
    return false;
  }

  function saveSettings(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void send(
      "/points/settings",
      "PUT",
      {
        base_rate_percent: String(form.get("base_rate_percent") ?? ""),
        grant_on: String(form.get("grant_on") ?? ""),
        expiry_months: String(form.get("expiry_months") ?? ""),
        ...(form.get("on_charges") ? { on_charges: "on" } : {}),
      },
      () => tp("adminPoints.saved"),
    );
  }

  function adjust(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    void send(`/members/${memberId}/points`, "POST", { points: String(form.get("points") ?? ""), reason: String(form.get("reason") ?? "") }, (data) =>
      tp("adminPoints.adjusted", { points: figure(data.balance ?? 0) }),
    ).then((ok) => {
      if (ok) target.reset();
    });
  }

  return (
    <>
      <h1 className={styles.title}>{tp("adminPoints.title")}</h1>
      {errors.length > 0 && (
        <Notice tone="danger" testId="admin-points-errors">
          {errors.join(" ")}
        </Notice>
      )}
      <section className={styles.section} aria-labelledby="points-liability">
        <h2 id="points-liability">{tp("adminPoints.liability")}</h2>
        <p data-testid="points-liability">
          {tp("adminPoints.liabilityFigure", { points: figure(liability.points), yen: figure(liability.yen), members: figure(liability.members) })}
        </p>
        <p className={styles.muted}>{tp("adminPoints.liabilityNote")}</p>
        <p>
          <a href="/admin/api/points/balances.csv" download>
            {tp("adminPoints.csv")}
          </a>
        </p>
      </section>

      <section className={styles.section} aria-labelledby="points-member">
        <h2 id="points-member">{tp("adminPoints.member")}</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const id = String(new FormData(event.currentTarget).get("member") ?? "").trim();
            void navigate(id ? `/admin/points?member=${encodeURIComponent(id)}` : "/admin/points");
          }}
        >
          <Input label={tp("adminPoints.memberId")} name="member" inputMode="numeric" defaultValue={memberId ?? ""} />
          <Button type="submit" variant="secondary">
            {tp("adminPoints.show")}
          </Button>
        </form>
        {memberId !== null && points === null && <p>{tp("adminPoints.notFound")}</p>}
        {points && (
          <div data-testid="admin-member-points">
            <p>
              <strong>{tp("adminPoints.balance", { points: figure(points.balance) })}</strong>{" "}
              {points.expires_on ? tp("adminPoints.expiresOn", { date: points.expires_on }) : tp("adminPoints.noExpiry")}
            </p>
            <h3>{tp("adminPoints.adjust")}</h3>
            <form onSubmit={adjust}>
              <Input label={tp("adminPoints.adjustPoints")} name="points" inputMode="numeric" required />
              <Input label={tp("adminPoints.adjustReason")} name="reason" maxLength={200} required />
              <Button type="submit" disabled={busy}>
                {tp("adminPoints.adjustSubmit")}
              </Button>
            </form>
            <h3>{tp("adminPoints.history")}</h3>
            {points.history.length === 0 ? (
              <p>{tp("adminPoints.historyEmpty")}</p>
            ) : (
              <DataTable
                rows={points.history}
                rowKey={(entry) => entry.id}
                rowTestId="admin-points-entry"
                columns={[
                  { header: tp("adminPoints.date"), cellClassName: styles.nowrap, cell: (entry) => formatDateTime(new Date(entry.created_at), locale) },
                  { header: tp("adminPoints.what"), cell: (entry) => entry.label },
                  { header: tp("adminPoints.reason"), cell: (entry) => entry.reason },
                  {
                    header: tp("adminPoints.change"),
                    className: styles.number,
                    cell: (entry) => (entry.points > 0 ? `+${figure(entry.points)}` : `−${figure(-entry.points)}`),
                  },
                ]}
              />
            )}
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="points-settings">
        <h2 id="points-settings">{tp("adminPoints.settings")}</h2>
        <form onSubmit={saveSettings}>
          <Input
            label={tp("adminPoints.baseRate")}
            hint={tp("adminPoints.baseRateHint")}
            name="base_rate_percent"
            inputMode="numeric"
            defaultValue={settings.base_rate_percent}
          />
          <fieldset>
            <legend>{tp("adminPoints.grantOn")}</legend>
            <label>
              <input type="radio" name="grant_on" value="paid" defaultChecked={settings.grant_on === "paid"} /> {tp("adminPoints.grantOnPaid")}
            </label>{" "}
            <label>
              <input type="radio" name="grant_on" value="shipped" defaultChecked={settings.grant_on === "shipped"} /> {tp("adminPoints.grantOnShipped")}
            </label>
          </fieldset>
          <Input label={tp("adminPoints.expiryMonths")} name="expiry_months" inputMode="numeric" defaultValue={settings.expiry_months} />
          <label>
            <input type="checkbox" name="on_charges" defaultChecked={settings.on_charges} /> {tp("adminPoints.onCharges")}
          </label>
          <div>
            <Button type="submit" disabled={busy}>
              {tp("adminPoints.save")}
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
