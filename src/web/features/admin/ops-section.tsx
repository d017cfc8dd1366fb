import type { ReactNode } from "react";
import styles from "./admin.module.css";

/**
 * A titled part of a back-office page: the section named for screen readers by its heading (`id`),
 * found by the journeys through `testId` where they look for it. The order page alone has a dozen.
 */
export function OpsSection({ id, title, testId, children }: { id: string; title: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
