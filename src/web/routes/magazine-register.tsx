import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { noticeAnswer } from "../../domain/answers/accounts.ts";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/magazine-register";
import { fieldProblems } from "../../domain/field-messages.ts";
import { useAuth } from "../shared/auth/auth-context.tsx";
import { useFieldErrors } from "../shared/auth/account-form.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { useCheckedPost } from "../shared/site/checked-post.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { lazyFormRules, problemMessages } from "../shared/site/form-rules.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { Checkbox, EmailInput, FieldError } from "../ui/field.tsx";
import { Notice } from "../ui/notice.tsx";
import styles from "./magazine.module.css";
import "../i18n/form-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** The sign-up's schema, the one POST /api/magazine/subscriptions declares (domain/magazine-input.ts). */
const signUpRules = lazyFormRules("magazine sign-up", () => import("../../domain/magazine-input.ts"));

function subscriptionBody(values: Record<string, string>) {
  return { email: values.email ?? "", consent: values.consent === "on" };
}

/** The form posted without JavaScript: the same API call, then the page saying the mail is on its way (decision 052). */
export async function action(args: Route.ActionArgs) {
  return formAction<{ sentTo: string }>(
    args,
    (values) => ({ method: "POST", path: "/api/magazine/subscriptions", body: subscriptionBody(values) }),
    (_answer, values) => ({ shown: { sentTo: (values.email ?? "").trim() } }),
  );
}

/**
 * Mail magazine sign-up (the menu's Mail Magazine link, opened in a new tab). The answer is the
 * same for every address, so the page only ever says that a confirmation mail is on its way; the
 * subscription starts when its link is followed (double opt-in). An expired or used link comes
 * back here with ?error=.
 */
export default function MagazineRegister({ actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const refusal = refusalOf(actionData);
  const { formRef, setFields, errorOf, clear, refused, postedValue } = useFieldErrors(refusal);
  const [sentTo, setSentTo] = useState<string | null>(actionData?.ok ? actionData.shown.sentTo : null);
  const consentErrorId = useId();
  const linkError = searchParams.get("error");

  const { submitting, submit } = useCheckedPost<AnswerOrRefusal<typeof noticeAnswer>>({
    path: "/magazine/subscriptions",
    bodyOf: subscriptionBody,
    // The same schema the route checks: the messages show before anything is sent.
    async check(values) {
      const parsed = (await signUpRules())?.magazineSignUpSchema.safeParse(subscriptionBody(values));
      if (!parsed || parsed.success) return undefined;
      return problemMessages(fieldProblems(parsed.error.issues), { email: t("magazine.email"), consent: t("magazine.consentField") }, locale);
    },
    setFields,
    clear,
    onAccepted: (_body, values) => setSentTo((values.email ?? "").trim()),
    failed: t("magazine.failed"),
    what: "magazine sign-up",
  });

  useEffect(() => {
    void signUpRules();
  }, []);

  const consentError = errorOf("consent");
  return (
    <div className="page-narrow">
      <div className={styles.panel}>
        <h1 className="page-title">{t("magazine.title")}</h1>
        <p className={styles.lead}>{t("magazine.lead")}</p>
        {sentTo !== null ? (
          <Notice tone="success" testId="magazine-sent">
            <p>
              <strong>{t("magazine.sentTitle")}</strong>
            </p>
            <p>{t("magazine.sentBody", { email: sentTo })}</p>
            <p>{t("magazine.sentNote")}</p>
          </Notice>
        ) : (
          <>
            {linkError && <Notice tone="danger">{t(linkError === "expired" ? "magazine.errorExpired" : "magazine.errorInvalid")}</Notice>}
            {!refusal || Object.keys(refusal.fields).length === 0 ? <RefusedNotice errors={refused} /> : null}
            <form ref={formRef} onSubmit={submit} method="post" noValidate>
              <CsrfField />
              <EmailInput label={t("magazine.email")} defaultValue={postedValue("email") ?? user?.email ?? ""} error={errorOf("email")} />
              <p className={styles.note}>
                {t("magazine.privacyNote")} <TransitionLink to="/privacy-policy">{t("magazine.privacyLink")}</TransitionLink>
              </p>
              <div className={styles.consent}>
                <Checkbox
                  label={t("magazine.consent")}
                  name="consent"
                  required
                  defaultChecked={postedValue("consent") === "on"}
                  aria-invalid={consentError ? true : undefined}
                  aria-describedby={consentError ? consentErrorId : undefined}
                />
                <FieldError id={consentErrorId} message={consentError} />
              </div>
              <Button type="submit" disabled={submitting} block>
                {submitting ? t("magazine.sending") : t("magazine.submit")}
              </Button>
            </form>
          </>
        )}
        {user && (
          <p className={styles.member}>
            {t("magazine.memberHint")} <TransitionLink to="/mypage/magazine">{t("magazine.memberLink")}</TransitionLink>
          </p>
        )}
      </div>
    </div>
  );
}
