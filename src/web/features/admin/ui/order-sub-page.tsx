import type { ReactNode } from "react";
import { Link } from "react-router";
import { Notice } from "../../../ui/notice.tsx";
import { AdminHeader } from "../admin-header.tsx";
import styles from "../admin.module.css";

/**
 * The frame of a server-rendered page about one order (its gift, its lines, a parcel): the back
 * office's header, the link back to the order, the title, then the page's body drawn from what its
 * loader found — or, when the loader found nothing (`record` null), the not-found notice instead.
 * The body is a function of the record so it is only drawn when there is one.
 */
export function OrderSubPage<Record>(props: {
  orderId: string;
  testId: string;
  back: string;
  title: string;
  record: Record | null;
  notFound: string;
  children: (record: Record) => ReactNode;
}) {
  return (
    <div className={styles.shell}>
      <AdminHeader />
      <main id="main" className={styles.main} data-testid={props.testId}>
        <p>
          <Link to={`/admin/orders/${encodeURIComponent(props.orderId)}`}>{props.back}</Link>
        </p>
        <h1 className={styles.title}>{props.title}</h1>
        {props.record === null ? <Notice tone="info">{props.notFound}</Notice> : props.children(props.record)}
      </main>
    </div>
  );
}
