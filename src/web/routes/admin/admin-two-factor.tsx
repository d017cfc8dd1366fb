import { useSearchParams } from "react-router";
import type { Route } from "./+types/admin-two-factor";
import { backOfficeRedirect } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { SignInFrame } from "../../features/admin/ui/sign-in-frame.tsx";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../../shared/site/form-action.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";

/** GET /admin/api/two-factor as it answers. */
interface TwoFactorState {
  enabled: boolean;
  required: boolean;
  recovery_codes_left: number;
  /** Enrolling between the password and the first session (an owner, or staff when the owner requires it). */
  signing_in: boolean;
  enrolment: { secret: string; otpauth_uri: string; qr_svg: string } | null;
}

type Shown = { recoveryCodes: string[] } | { started: true };

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "twoFactor.title");
}

/**
 * The enrolling account's state, read on the server with the page, so the page (its QR code, key
 * and forms) is whole without JavaScript; null without a staff session or a pending sign-in (and
 * right after enrolment from a pending sign-in, whose note the new key voids).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await context.get(pageContext).api("GET", "/admin/api/two-factor");
  return { state: answer.status === 200 ? (answer.body as TwoFactorState) : null };
}

/** `intent=setup` shows a new key; `intent=confirm` with its code finishes (and, from a pending sign-in, signs in). */
export async function action(args: Route.ActionArgs) {
  return formAction<Shown>(
    args,
    (values) =>
      values.intent === "confirm"
        ? { method: "POST", path: "/admin/api/two-factor/confirm", body: { code: values.code ?? "" } }
        : { method: "POST", path: "/admin/api/two-factor/setup", body: {} },
    (answer, values) => {
      if (values.intent !== "confirm") return { shown: { started: true } };
      return { shown: { recoveryCodes: (answer.body as { recovery_codes?: string[] } | undefined)?.recovery_codes ?? [] } };
    },
  );
}

/** The key in groups of four, as apps show keys to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * Two-step verification (decision 063): an authenticator app's key as a QR code drawn on the
 * server and as text, a code from the app to confirm it, then the ten recovery codes, shown this
 * once. Owners (and all staff when the owner requires it) come here after their password until
 * they have enrolled; others come from the back office's menu. Every form posts to this page's
 * action, with or without JavaScript; the way on is a full page load, which brings the new
 * session's CSRF token.
 */
export default function AdminTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const ta = useAdminText();
  const [searchParams] = useSearchParams();
  const next = backOfficeRedirect(searchParams.get("redirect"));
  const refusal = refusalOf(actionData);
  const shown = actionData?.ok ? actionData.shown : undefined;
  const state = loaderData.state;
  const codes = shown && "recoveryCodes" in shown ? shown.recoveryCodes : null;

  return (
    <SignInFrame title={ta("twoFactor.title")}>
      {codes ? (
        <>
          <Notice tone="success">{ta("twoFactor.done")}</Notice>
          <h2 className={styles.sectionTitle}>{ta("twoFactor.codesTitle")}</h2>
          <p>{ta("twoFactor.codesLead")}</p>
          <ul data-testid="recovery-codes" style={{ fontFamily: "monospace", fontSize: "1.125rem", columns: 2, listStyle: "none", padding: 0 }}>
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <p>
            <a href={next}>{ta("twoFactor.continue")}</a>
          </p>
        </>
      ) : !state ? (
        <>
          {refusal && <ErrorsNotice errors={refusal.errors} testId="two-factor-errors" />}
          <Notice tone="info">{ta("adminLogin.needSignIn")}</Notice>
          <p>
            <a href="/admin/login">{ta("adminLogin.title")}</a>
          </p>
        </>
      ) : (
        <>
          <p>{state.signing_in ? ta("twoFactor.requiredLead") : ta("twoFactor.optionalLead")}</p>
          {state.enabled && <Notice tone="success">{ta("twoFactor.enabled", { count: String(state.recovery_codes_left) })}</Notice>}
          {state.enrolment ? (
            <>
              <p>{ta("twoFactor.scan")}</p>
              {/* The SVG is drawn on the server from the otpauth URI (qrcode-generator): paths only, no script. */}
              <div style={{ width: 200, height: 200 }} aria-hidden="true" dangerouslySetInnerHTML={{ __html: state.enrolment.qr_svg }} />
              <p>
                {ta("twoFactor.secret")}:{" "}
                <code data-testid="totp-secret" style={{ fontSize: "1.125rem", wordBreak: "break-all" }}>
                  {grouped(state.enrolment.secret)}
                </code>
              </p>
              <form method="post" noValidate>
                <CsrfField />
                <input type="hidden" name="intent" value="confirm" />
                <p>{ta("twoFactor.confirmLead")}</p>
                <Input label={ta("twoFactor.code")} name="code" type="text" inputMode="numeric" autoComplete="one-time-code" required />
                {refusal && <ErrorsNotice errors={refusal.errors} testId="two-factor-errors" />}
                <Button type="submit" block>
                  {ta("twoFactor.confirm")}
                </Button>
              </form>
            </>
          ) : (
            <form method="post" noValidate>
              <CsrfField />
              <input type="hidden" name="intent" value="setup" />
              {refusal && <ErrorsNotice errors={refusal.errors} testId="two-factor-errors" />}
              <Button type="submit" block variant={state.enabled ? "ghost" : undefined}>
                {state.enabled ? ta("twoFactor.startAgain") : ta("twoFactor.start")}
              </Button>
            </form>
          )}
          {!state.signing_in && (
            <p>
              <a href="/admin">{ta("twoFactor.back")}</a>
            </p>
          )}
        </>
      )}
    </SignInFrame>
  );
}
