import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { magazineSubscriptionSavedAnswer } from "../../domain/answers/member.ts";
import { useState } from "react";
import type { FormEvent } from "react";
import type { Route } from "./+types/mypage-magazine";
import type { MagazineStatus, MagazineSubscriptionResource } from "../../domain/magazine.ts";
import { useSessionLost } from "../shared/auth/account-form.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi } from "../shared/site/api.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { apiData } from "../shared/site/page-data.ts";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import styles from "./magazine.module.css";
import "../i18n/form-pages-texts.ts";
import "../i18n/member-forms-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

type SubscriptionAnswer = AnswerOrRefusal<typeof magazineSubscriptionSavedAnswer>;

const statusLabel: Record<MagazineStatus, MessageKey> = {
  none: "mypage.magazineStatusNone",
  pending: "mypage.magazineStatusPending",
  subscribed: "mypage.magazineStatusSubscribed",
  unsubscribed: "mypage.magazineStatusUnsubscribed",
};

/**
 * The subscription as GET /api/magazine/subscription answers it, read on the server with the page
 * so that the page (and its form) is whole before its script has started (decision 057); null when
 * the API did not answer it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { subscription: (await apiData<SubscriptionAnswer["data"]>(context, "/api/magazine/subscription")) ?? null };
}

/** The switch posted without JavaScript: the same PUT, then the page again with the API's message (decision 057). */
export async function action(args: Route.ActionArgs) {
  return formAction<{ message: string }>(
    args,
    (values) => ({ method: "PUT", path: "/api/magazine/subscription", body: { subscribed: values.subscribed === "true" } }),
    (answer) => ({ shown: { message: (answer.body as SubscriptionAnswer | undefined)?.message ?? "" } }),
  );
}

/**
 * /mypage/magazine: the member's mail magazine subscription for their confirmed address. Subscribing
 * here needs no confirmation mail (the address was confirmed with the account).
 */
export default function MyPageMagazine({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const sessionLost = useSessionLost();
  const [subscription, setSubscription] = useState<MagazineSubscriptionResource | null>(loaderData.subscription);
  const loadFailed = subscription === null;
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(actionData?.ok ? actionData.shown.message : "");
  const refusal = refusalOf(actionData);

  async function change(event: FormEvent<HTMLFormElement>, subscribed: boolean) {
    event.preventDefault();
    setSaving(true);
    setSaved("");
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
      {saved && <Notice tone="success">{saved}</Notice>}
      {refusal && <RefusedNotice errors={refusal.errors} />}
      {loadFailed ? (
        <p role="alert">{t("mypage.magazineLoadFailed")}</p>
      ) : (
        <>
          <p>{t("mypage.magazineLead", { email: subscription.email })}</p>
          <dl className={styles.status}>
            <dt>{t("mypage.magazineStatus")}</dt>
            <dd data-testid="magazine-status">{t(statusLabel[subscription.status])}</dd>
          </dl>
          {subscription.status === "subscribed" ? (
            <form method="post" onSubmit={(event) => void change(event, false)}>
              <CsrfField />
              <input type="hidden" name="subscribed" value="false" />
              <Button type="submit" variant="secondary" disabled={saving}>
                {t("mypage.magazineUnsubscribe")}
              </Button>
            </form>
          ) : (
            <>
              <p className={styles.note}>
                {t("mypage.magazineConsentNote")} <TransitionLink to="/privacy-policy">{t("magazine.privacyLink")}</TransitionLink>
              </p>
              <form method="post" onSubmit={(event) => void change(event, true)}>
                <CsrfField />
                <input type="hidden" name="subscribed" value="true" />
                <Button type="submit" disabled={saving}>
                  {t("mypage.magazineSubscribe")}
                </Button>
              </form>
            </>
          )}
        </>
      )}
    </section>
  );
}
