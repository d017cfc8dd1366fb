import type { ReactNode } from "react";
import styles from "./notice.module.css";

export type NoticeTone = "success" | "danger" | "info";

/**
 * A message that stays on the page (unlike a snackbar): why a sign-in failed, that a link has
 * expired. Problems are announced at once (role alert), other news politely (role status).
 */
export function Notice({ tone, children, testId, id }: { tone: NoticeTone; children: ReactNode; testId?: string; id?: string }) {
  return (
    <div id={id} className={`${styles.notice} ${styles[tone]}`} role={tone === "danger" ? "alert" : "status"} data-testid={testId}>
      {children}
    </div>
  );
}
