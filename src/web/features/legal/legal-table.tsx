import { useId } from "react";
import type { ReactNode } from "react";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./legal.module.css";

export interface LegalRow {
  /** Stable React key; the dictionary key of the label does well. */
  id: string;
  label: string;
  value: ReactNode;
}

/** A two-column table whose rows are headed by `<th scope="row">`; rows stack on phones. */
export function LegalTable({ rows, caption, testId }: { rows: LegalRow[]; caption?: string; testId?: string }) {
  return (
    <table className={styles.table} data-testid={testId}>
      {caption && <caption className={styles.caption}>{caption}</caption>}
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A titled section of a legal page; the h2 names the section for assistive technology. */
export function LegalSection({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** Items of a cell or a section as a bullet list. */
export function LegalList({ items }: { items: string[] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** "〒111-0051 東京都…" in Japanese, "… Tokyo 111-0051, Japan" in English. */
export function PostalAddress({ zip, address }: { zip: string; address: string }) {
  const { t } = useI18n();
  return <>{t("legal.postalAddress", { zip, address })}</>;
}

export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>;
}
