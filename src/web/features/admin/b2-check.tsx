import { useEffect, useState } from "react";
import { Link } from "react-router";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import type { b2CloudCheckAnswer } from "../../../domain/answers/admin-orders.ts";
import type { ApiAnswer } from "../../../domain/answers/common.ts";
import { callAdminApi } from "./admin-api.ts";
import styles from "./admin.module.css";
import { DataTable } from "./ui/data-table.tsx";
import { useOpsText } from "./ops-i18n.ts";

type B2CloudCheck = ApiAnswer<typeof b2CloudCheckAnswer>["data"];

/** GET /admin/api/orders/b2-cloud-check for the list's filters (undefined while asking, null when it failed). */
function useB2Check(query: string): B2CloudCheck | null | undefined {
  const [answer, setAnswer] = useState<{ query: string; check: B2CloudCheck | null }>();
  useEffect(() => {
    const controller = new AbortController();
    callAdminApi<ApiAnswer<typeof b2CloudCheckAnswer>>(`/orders/b2-cloud-check${query}`, { signal: controller.signal })
      .then((result) => setAnswer({ query, check: result.ok && result.body ? result.body.data : null }))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) {
          console.warn("B2 check failed", failure);
          setAnswer({ query, check: null });
        }
      });
    return () => controller.abort();
  }, [query]);
  return answer?.query === query ? answer.check : undefined;
}

/** An order's number, to its page, kept on one line. */
function OrderLink({ orderId }: { orderId: string }) {
  return (
    <Link to={`/admin/orders/${encodeURIComponent(orderId)}`} className="no-break">
      {orderNumberForShopper(orderId)}
    </Link>
  );
}

/**
 * What the B2 Cloud file of the list's filters will hold, before it is downloaded: how many parcels,
 * the characters B2 cannot take and what replaced them (per order and column), and address text
 * with no room on the slip — the rows to check on the printed label.
 */
export function B2Check({ query }: { query: string }) {
  const to = useOpsText();
  const check = useB2Check(query);
  if (check === undefined) return null;
  if (check === null) return <p className={styles.muted}>{to("b2Check.failed")}</p>;
  if (!check.ready) {
    return (
      <p className={styles.warning} data-testid="b2-check" role="status">
        {to("b2Check.notReady")} <Link to="/admin/settings">{to("b2Check.toSettings")}</Link>
      </p>
    );
  }
  const replaced = check.notes.filter((note) => note.replaced.length > 0);
  const leftOver = check.notes.filter((note) => note.leftOver !== "");
  return (
    <div data-testid="b2-check" role="status">
      <p className={styles.muted} data-testid="b2-check-count">
        {check.count === 0 ? to("b2Check.none") : to("b2Check.count", { count: check.count })}
      </p>
      {replaced.length > 0 && (
        <div className={styles.warning} data-testid="b2-substitutions">
          <p>{to("b2Check.replaced", { count: replaced.length })}</p>
          <DataTable
            columns={[
              { header: to("b2Check.order"), cell: (row) => <OrderLink orderId={row.orderId} /> },
              { header: to("b2Check.field"), cell: (row) => row.field },
              { header: to("b2Check.change"), cell: (row) => `${row.original} → ${row.substitute}` },
            ]}
            rows={replaced.flatMap((note) => note.replaced.map((each, index) => ({ ...each, orderId: note.orderId, index })))}
            rowKey={(row) => `${row.orderId}-${row.index}`}
            rowTestId="b2-substitution"
          />
        </div>
      )}
      {leftOver.length > 0 && (
        <div className={styles.warning} data-testid="b2-left-over">
          <p>{to("b2Check.leftOver", { count: leftOver.length })}</p>
          <ul>
            {leftOver.map((note) => (
              <li key={note.orderId}>
                <OrderLink orderId={note.orderId} />: {note.leftOver}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
