import type { ReactNode } from "react";
import styles from "../admin.module.css";

/**
 * A titled part of a back-office page: the section named by its heading (`aria-labelledby`), so a
 * screen reader lists it by that title and a test can find it by role and name.
 */
export function AdminSection({ id, title, testId, children }: { id: string; title: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
