import { useSearchParams } from "react-router";
import type { Route } from "./+types/admin-login-code";
import { backOfficeRedirect } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { SignInFrame } from "../../features/admin/ui/sign-in-frame.tsx";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../../shared/site/form-action.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "twoFactor.codeTitle");
}

/** POST /admin/api/session/code as the visitor; its new session cookie goes out with the 303 to the page asked for. */
export async function action(args: Route.ActionArgs) {
  const redirectTo = new URL(args.request.url).searchParams.get("redirect");
  return formAction(
    args,
    (values) => ({ method: "POST", path: "/admin/api/session/code", body: { code: values.code ?? "" } }),
    () => ({ redirectTo: backOfficeRedirect(redirectTo) }),
  );
}

/**
 * The second step of the back office's sign-in (decision 063): the code of the authenticator app
 * or a recovery code. The form is posted to this page's action with or without JavaScript (one
 * way: the session it opens comes with a full page load, and so does the page's CSRF token).
 */
export default function AdminLoginCode({ actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const ta = useAdminText();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get("redirect");
  return (
    <SignInFrame title={ta("twoFactor.codeTitle")}>
      <p>{ta("twoFactor.codeLead")}</p>
      <form method="post" noValidate>
        <CsrfField />
        <Input label={ta("twoFactor.code")} name="code" type="text" autoComplete="one-time-code" autoCapitalize="off" spellCheck={false} required autoFocus />
        {refusal && <ErrorsNotice errors={refusal.errors} testId="admin-login-errors" />}
        <Button type="submit" block>
          {ta("twoFactor.codeSubmit")}
        </Button>
      </form>
      <p className={styles.muted}>
        <a href={redirect ? `/admin/login?redirect=${encodeURIComponent(redirect)}` : "/admin/login"}>{ta("twoFactor.restart")}</a>
      </p>
    </SignInFrame>
  );
}
