import { useState } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/magazine-unsubscribe";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi } from "../shared/site/api.ts";
import { useBusyCall } from "../shared/site/busy-call.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { Notice } from "../ui/notice.tsx";
import styles from "./magazine.module.css";
import "../i18n/form-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches), { name: "robots", content: "noindex" }];
}

type Outcome = "idle" | "done" | "invalid" | "failed";

/**
 * Where the unsubscribe link of every magazine mail leads. Unsubscribing takes a button press
 * (POST /api/magazine/unsubscribe), because mail scanners open links on their own.
 */
export default function MagazineUnsubscribe() {
  const { t, locale } = useI18n();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [outcome, setOutcome] = useState<Outcome>(token ? "idle" : "invalid");
  const { busy: submitting, run } = useBusyCall();

  async function unsubscribe() {
    await run(
      "unsubscribe failed",
      async () => {
        const result = await callApi(locale, "/magazine/unsubscribe", { method: "POST", body: { token } });
        setOutcome(result.ok ? "done" : result.status === 422 ? "invalid" : "failed");
      },
      () => setOutcome("failed"),
    );
  }

  return (
    <div className="page-narrow">
      <div className={styles.panel}>
        <h1 className="page-title">{t("magazine.unsubscribeTitle")}</h1>
        {outcome === "done" ? (
          <>
            <Notice tone="success" testId="magazine-unsubscribed">
              {t("magazine.unsubscribeDone")}
            </Notice>
            <p>{t("magazine.resubscribe")}</p>
            <TransitionLink to="/magazine/register">{t("magazine.toRegister")}</TransitionLink>
          </>
        ) : outcome === "invalid" ? (
          <Notice tone="danger">{t("magazine.unsubscribeInvalid")}</Notice>
        ) : (
          <>
            {outcome === "failed" && <Notice tone="danger">{t("magazine.unsubscribeFailed")}</Notice>}
            <p>{t("magazine.unsubscribeLead")}</p>
            <Button onClick={() => void unsubscribe()} disabled={submitting} block>
              {t("magazine.unsubscribeButton")}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
