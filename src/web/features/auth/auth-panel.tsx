import type { ReactNode } from "react";
import { TransitionLink } from "../../shared/layout/page-transition.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import type { MessageKey } from "../../i18n/ja.ts";
import { Button } from "../../ui/button.tsx";
import styles from "./auth-page.module.css";
import "../../i18n/account-pages-texts.ts";
import "../../i18n/member-forms-texts.ts";

/** A link under an account page's form: where to go instead, and its words. */
export interface AuthLink {
  to: string;
  label: MessageKey;
}

/** The links most of these pages give, each in the words the pages share. */
const COMMON_LINKS = {
  login: { to: "/login", label: "password.toLogin" },
  signup: { to: "/signup", label: "login.toSignup" },
  password: { to: "/password", label: "login.toPassword" },
  confirmation: { to: "/confirmations/new", label: "login.toConfirmation" },
  unlock: { to: "/unlock/new", label: "login.toUnlock" },
} as const satisfies Record<string, AuthLink>;

interface AuthPanelProps {
  title: string;
  /** The links under the form, a common one by its name; none, no list (and no line above it). */
  links?: readonly (keyof typeof COMMON_LINKS | AuthLink)[];
  children: ReactNode;
}

/**
 * The frame every sign-in, sign-up, reset and resend page shares: one narrow column with the
 * page's title, its body, then the list of where else to go.
 */
export function AuthPanel({ title, links = [], children }: AuthPanelProps) {
  const { t } = useI18n();
  return (
    <div className="page-narrow">
      <div className={styles.panel}>
        <h1 className="page-title">{title}</h1>
        {children}
        {links.length > 0 && (
          <ul className={styles.links}>
            {links.map((each) => {
              const link = typeof each === "string" ? COMMON_LINKS[each] : each;
              return (
                <li key={link.to}>
                  <TransitionLink to={link.to}>{t(link.label)}</TransitionLink>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

interface AuthSubmitProps {
  busy: boolean;
  label: string;
  /** What the button says while the request is out (送信中… unless told). */
  busyLabel?: string;
  /** The full width of the column (the account pages); My Page's sections keep it narrow. */
  block?: boolean;
  className?: string | undefined;
}

/** An account form's one button; while the request is out it is disabled and says so. */
export function AuthSubmit({ busy, label, busyLabel, block = true, className }: AuthSubmitProps) {
  const { t } = useI18n();
  return (
    <div className={styles.submit}>
      <Button type="submit" block={block} disabled={busy} className={className}>
        {busy ? (busyLabel ?? t("auth.sending")) : label}
      </Button>
    </div>
  );
}
