import type { ReactNode } from "react";
import styles from "./badge.module.css";

export type BadgeTone = "grey" | "info" | "success" | "danger" | "wine";

export function Badge({ tone = "grey", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
