import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import type { ordersAnswer } from "../../../domain/answers/orders.ts";
import { useEffect, useState } from "react";
import type { OrderResource } from "../../../domain/checkout.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useSessionLost } from "../../shared/auth/account-form.ts";
import { callApi } from "../../shared/site/api.ts";
import type { Pagination } from "../../shared/orders/order-history.ts";
import { appendOrders, isNearBottom, nextPageOf } from "../../shared/orders/order-history.ts";

export interface OrderHistory {
  orders: OrderResource[];
  /** null until page 1 has answered. */
  pagination: Pagination | null;
  loading: boolean;
}

type OrdersAnswer = AnswerOrRefusal<typeof ordersAnswer>;

function windowScroll() {
  return {
    scrollTop: window.scrollY,
    viewportHeight: window.innerHeight,
    documentHeight: document.documentElement.scrollHeight,
  };
}

/**
 * The member's orders from GET /api/orders: page 1 once the page has hydrated, then the
 * next page each time the visitor scrolls within 250 px of the bottom, until current_page reaches
 * total_page. Nothing loads beyond page 1 without a scroll. A failed load is only logged (the next
 * scroll tries that page again); an ended session sends the member to sign in again.
 */
export function useOrderHistory(): OrderHistory {
  const { locale } = useI18n();
  const sessionLost = useSessionLost();
  const [history, setHistory] = useState<OrderHistory>({ orders: [], pagination: null, loading: true });

  useEffect(() => {
    const controller = new AbortController();
    let pagination: Pagination | null = null;
    let busy = false;

    async function load(page: number) {
      busy = true;
      setHistory((shown) => ({ ...shown, loading: true }));
      try {
        const result = await callApi<OrdersAnswer>(locale, `/orders?page=${page}`, { signal: controller.signal });
        if (result.status === 401) return sessionLost(result.body?.errors);
        const body = result.body;
        if (!result.ok || !body?.data || !body.meta) {
          console.warn("orders not loaded", page, result.status);
          return;
        }
        const loaded = { data: body.data, pagination: body.meta.pagination };
        pagination = loaded.pagination;
        setHistory((shown) => ({
          orders: page === 1 ? loaded.data : appendOrders(shown.orders, loaded.data),
          pagination: loaded.pagination,
          loading: false,
        }));
      } catch (failure) {
        if (controller.signal.aborted) return;
        console.warn("orders not loaded", page, failure);
      } finally {
        if (!controller.signal.aborted) {
          busy = false;
          setHistory((shown) => (shown.loading ? { ...shown, loading: false } : shown));
        }
      }
    }

    function loadMoreNearBottom() {
      if (busy) return;
      const next = nextPageOf(pagination);
      if (next !== null && isNearBottom(windowScroll())) void load(next);
    }

    void load(1);
    window.addEventListener("scroll", loadMoreNearBottom, { passive: true });
    return () => {
      controller.abort();
      window.removeEventListener("scroll", loadMoreNearBottom);
    };
  }, [locale, sessionLost]);

  return history;
}
