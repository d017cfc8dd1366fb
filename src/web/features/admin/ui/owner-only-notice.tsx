import { Notice } from "../../../ui/notice.tsx";
import styles from "../admin.module.css";
import { useOpsText } from "../ops-i18n.ts";

/** Said where an owner's screen (or part of one) meets a staff member who is not the owner. */
export function OwnerOnlyNotice() {
  const to = useOpsText();
  return <Notice tone="info">{to("ops.ownerOnly")}</Notice>;
}

/** An owner's screen as another staff member sees it (its reads answered 403): its title, and why nothing more. */
export function OwnerOnlyPage({ title }: { title: string }) {
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      <OwnerOnlyNotice />
    </>
  );
}
