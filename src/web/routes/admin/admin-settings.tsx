import { useMemo, useState } from "react";
import type { FormEvent } from "react";
import { useLoaderData } from "react-router";
import type { Route } from "./+types/admin-settings";
import type { AnswerOrRefusal, ApiAnswer } from "../../../domain/answers/common.ts";
import type { settingsAnswer } from "../../../domain/answers/settings.ts";
import { adminLoader, callAdminApi, errorsOf } from "../../features/admin/admin-api.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import { useOpsText } from "../../features/admin/ops-i18n.ts";
import ops from "../../features/admin/ops.module.css";
import { loadOwnerOnly } from "../../features/admin/owner-only.ts";
import type { Path, SettingsForm } from "../../features/admin/settings-draft.tsx";
import { DraftContext, withValue } from "../../features/admin/settings-draft.tsx";
import { BanksSection, FeesSection, HolidaysSection, ShopSection, TimeBandsSection } from "../../features/admin/settings-sections.tsx";
import { DeliveryCalendarSection, ShippingTableSection } from "../../features/admin/shipping-settings-sections.tsx";
import { GiftSection } from "../../features/admin/gift-settings-section.tsx";
import { PaymentTermsSection } from "../../features/admin/payment-terms-section.tsx";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { OwnerOnlyNotice } from "../../features/admin/ui/owner-only-notice.tsx";
import { Button } from "../../ui/button.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";

async function load({ request }: Route.ClientLoaderArgs) {
  const answer = await loadOwnerOnly<ApiAnswer<typeof settingsAnswer>>(request, "/settings");
  return { settings: answer?.data ?? null };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "admin.nav.settings");
}

function SettingsEditor({ initial }: { initial: SettingsForm }) {
  const to = useOpsText();
  const snackbar = useSnackbar();
  const [data, setData] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [summary, setSummary] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const draft = useMemo(() => ({ data, errors, set: (path: Path, value: unknown) => setData((current) => withValue(current, path, value)) }), [data, errors]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await callAdminApi<AnswerOrRefusal<typeof settingsAnswer>>("/settings", { method: "POST", body: data });
      if (result.ok && result.body?.data) {
        setData(result.body.data);
        setErrors({});
        setSummary([]);
        snackbar.show("success", to("settings.saved"));
      } else {
        const messages = errorsOf(result.body, to("ops.failed"));
        setErrors(result.body?.fields ?? {});
        setSummary(messages);
        snackbar.show("danger", to("settings.invalid"));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <DraftContext.Provider value={draft}>
      <form onSubmit={(event) => void save(event)} noValidate data-testid="settings-form">
        {summary.length > 0 && <ErrorsNotice errors={summary} testId="settings-errors" />}
        <FeesSection />
        <PaymentTermsSection />
        <ShippingTableSection />
        <DeliveryCalendarSection />
        <TimeBandsSection />
        <HolidaysSection />
        <GiftSection />
        <BanksSection />
        <ShopSection />
        <div className={ops.saveBar}>
          <Button type="submit" disabled={busy}>
            {busy ? to("ops.saving") : to("settings.save")}
          </Button>
        </div>
      </form>
    </DraftContext.Provider>
  );
}

/** The owner's settings: fees, tax, time bands, holidays, bank accounts and the shop's details. */
export default function AdminSettings() {
  const to = useOpsText();
  const { settings } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <h1 className={styles.title}>{to("settings.title")}</h1>
      {settings ? <SettingsEditor initial={settings} /> : <OwnerOnlyNotice />}
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
