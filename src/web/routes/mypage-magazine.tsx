import { useEffect, useState } from "react";
import type { Route } from "./+types/mypage-magazine";
import type { MagazineStatus, MagazineSubscriptionResource } from "../../domain/magazine.ts";
import { useSessionLost } from "../shared/auth/account-form.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi } from "../shared/site/api.ts";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import styles from "./magazine.module.css";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

interface SubscriptionAnswer {
  data?: MagazineSubscriptionResource;
  message?: string;
  errors?: string[];
}

const statusLabel: Record<MagazineStatus, MessageKey> = {
  none: "mypage.magazineStatusNone",
  pending: "mypage.magazineStatusPending",
  subscribed: "mypage.magazineStatusSubscribed",
  unsubscribed: "mypage.magazineStatusUnsubscribed",
};

/**
 * /mypage/magazine: the member's mail magazine subscription for their confirmed address. Subscribing
 * here needs no confirmation mail (the address was confirmed with the account).
 */
export default function MyPageMagazine() {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const sessionLost = useSessionLost();
  const [subscription, setSubscription] = useState<MagazineSubscriptionResource | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    callApi<SubscriptionAnswer>(locale, "/magazine/subscription", { signal: controller.signal })
      .then((result) => {
        if (result.status === 401) return sessionLost(result.body?.errors);
        if (result.ok && result.body?.data) setSubscription(result.body.data);
        else setLoadFailed(true);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("subscription not loaded", failure);
        setLoadFailed(true);
      });
    return () => controller.abort();
  }, [locale, sessionLost]);

  async function change(subscribed: boolean) {
    setSaving(true);
    try {
      const result = await callApi<SubscriptionAnswer>(locale, "/magazine/subscription", { method: "PUT", body: { subscribed } });
      if (result.status === 401) return sessionLost(result.body?.errors);
      if (result.ok && result.body?.data) {
        setSubscription(result.body.data);
        if (result.body.message) snackbar.show("success", result.body.message);
      } else {
        snackbar.show("danger", result.body?.errors ?? [t("mypage.magazineFailed")]);
      }
    } catch (failure) {
      console.warn("subscription not changed", failure);
      snackbar.show("danger", t("mypage.magazineFailed"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <h1 className="page-title">{t("mypage.magazine")}</h1>
      {loadFailed ? (
        <p role="alert">{t("mypage.magazineLoadFailed")}</p>
      ) : !subscription ? (
        <p role="status">{t("mypage.magazineLoading")}</p>
      ) : (
        <>
          <p>{t("mypage.magazineLead", { email: subscription.email })}</p>
          <dl className={styles.status}>
            <dt>{t("mypage.magazineStatus")}</dt>
            <dd data-testid="magazine-status">{t(statusLabel[subscription.status])}</dd>
          </dl>
          {subscription.status === "subscribed" ? (
            <Button variant="secondary" disabled={saving} onClick={() => void change(false)}>
              {t("mypage.magazineUnsubscribe")}
            </Button>
          ) : (
            <>
              <p className={styles.note}>
                {t("mypage.magazineConsentNote")} <TransitionLink to="/privacy-policy">{t("magazine.privacyLink")}</TransitionLink>
              </p>
              <Button disabled={saving} onClick={() => void change(true)}>
                {t("mypage.magazineSubscribe")}
              </Button>
            </>
          )}
        </>
      )}
    </section>
  );
}
