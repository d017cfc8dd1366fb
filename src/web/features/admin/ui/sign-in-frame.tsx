import type { ReactNode } from "react";
import { AdminHeader } from "../admin-header.tsx";
import styles from "../admin.module.css";

/**
 * The frame of the back office's sign-in steps (password, code, two-step set-up): the header
 * without a staff member or navigation, and one narrow card under its title.
 */
export function SignInFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <AdminHeader />
      <main id="main" className={`${styles.main} ${styles.loginMain}`}>
        <div className={styles.section}>
          <h1 className={styles.title}>{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
