import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { userUpdatedAnswer } from "../../domain/answers/accounts.ts";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { FormEvent } from "react";
import type { Route } from "./+types/mypage-profile";
import { formValues, useFieldErrors, useSessionLost } from "../shared/auth/account-form.ts";
import { useAuth } from "../shared/auth/auth-context.tsx";
import styles from "../features/auth/auth-page.module.css";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi } from "../shared/site/api.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { Checkbox, Input } from "../ui/field.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import "../i18n/account-pages-texts.ts";
import "../i18n/member-forms-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

function profileBody(values: Record<string, string>) {
  // An unticked checkbox sends nothing: the birthday coupon is then declined (decision 086).
  return { api_user: { user_name: values.user_name ?? "", tel: values.tel ?? "", birthday_coupon: values.birthday_coupon === "on" } };
}

/**
 * The form posted without JavaScript (decision 057): the same PUT /api/users, then the page again
 * (a 303, so it shows what the server now holds) saying 保存しました。 It posts to `/mypage?index`:
 * a post to /mypage alone would go to the My Page layout route, which has no action.
 */
export async function action(args: Route.ActionArgs) {
  return formAction(
    args,
    (values) => ({ method: "PUT", path: "/api/users", body: profileBody(values) }),
    () => ({ redirectTo: "/mypage?saved=1" }),
  );
}

/** /mypage: the member's name and phone number; a save shows 保存しました。 */
export default function MyPageProfile({ actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const [searchParams] = useSearchParams();
  const { t, locale } = useI18n();
  const auth = useAuth();
  const snackbar = useSnackbar();
  const sessionLost = useSessionLost();
  const { formRef, setFields, errorOf, clear, refused, postedValue } = useFieldErrors(refusal);
  const [submitting, setSubmitting] = useState(false);
  const user = auth.user;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event);
    setSubmitting(true);
    try {
      const result = await callApi<AnswerOrRefusal<typeof userUpdatedAnswer>>(locale, "/users", {
        method: "PUT",
        body: profileBody(values),
      });
      if (result.ok && result.body?.data) {
        auth.setUser(result.body.data);
        clear();
        snackbar.show("success", t("mypageProfile.saved"));
      } else if (result.status === 401) {
        sessionLost(result.body?.errors);
      } else if (result.status === 422) {
        setFields(result.body?.fields);
      } else {
        // Other failures of account saves are only logged.
        console.warn(`PUT /api/users answered ${result.status}`);
      }
    } catch (error) {
      console.warn("profile save failed", error);
    } finally {
      setSubmitting(false);
    }
  }

  if (!user) return null;
  return (
    <section>
      <h1 className="page-title">{t("mypage.profile")}</h1>
      <p className={styles.lead}>{t("mypageProfile.lead")}</p>
      <dl className={styles.current}>
        <dt>{t("mypageProfile.email")}</dt>
        <dd data-testid="profile-email">{user.email}</dd>
      </dl>
      <p>
        <TransitionLink to="/mypage/account">{t("mypageProfile.changeEmail")}</TransitionLink>
      </p>
      {searchParams.get("saved") === "1" && !refusal && (
        <Notice tone="success" testId="profile-saved">
          {t("mypageProfile.saved")}
        </Notice>
      )}
      {refusal && Object.keys(refusal.fields).length === 0 && <RefusedNotice errors={refused} />}
      {/* Keyed by the saved values, so a save or another member's sign-in shows what the server holds. */}
      <form
        key={`${user.id}:${user.user_name}:${user.tel}:${user.birthday_coupon}`}
        ref={formRef}
        onSubmit={submit}
        method="post"
        action="/mypage?index"
        noValidate
        className={styles.form}
      >
        <CsrfField />
        <Input
          label={t("mypageProfile.userName")}
          name="user_name"
          autoComplete="name"
          defaultValue={postedValue("user_name") ?? user.user_name}
          maxLength={100}
          error={errorOf("user_name")}
        />
        <Input
          label={t("mypageProfile.tel")}
          name="tel"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          defaultValue={postedValue("tel") ?? user.tel}
          hint={t("mypageProfile.telHint")}
          error={errorOf("tel")}
        />
        <div>
          <Checkbox
            label={t("mypageProfile.birthdayCoupon")}
            name="birthday_coupon"
            defaultChecked={refusal ? postedValue("birthday_coupon") === "on" : user.birthday_coupon}
            aria-describedby="birthday-coupon-hint"
          />
          <p id="birthday-coupon-hint" className={styles.lead}>
            {t("mypageProfile.birthdayCouponHint")}
          </p>
        </div>
        <div className={styles.submit}>
          <Button type="submit" disabled={submitting}>
            {submitting ? t("mypageProfile.saving") : t("mypageProfile.save")}
          </Button>
        </div>
      </form>
    </section>
  );
}
