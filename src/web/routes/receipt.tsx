import type { AnswerOrRefusal, ApiAnswer } from "../../domain/answers/common.ts";
import type { receiptStateAnswer } from "../../domain/answers/documents.ts";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/receipt";
import { ReceiptForm } from "../shared/orders/receipt-form.tsx";
import { callApi } from "../shared/site/api.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Notice } from "../ui/notice.tsx";
import "../i18n/orders-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches, "receipt.pageTitle"), { name: "robots", content: "noindex" }];
}

type ReceiptState = ApiAnswer<typeof receiptStateAnswer>["data"];

type Loaded = { kind: "loading" } | { kind: "ready"; state: ReceiptState } | { kind: "refused"; message: string };

/**
 * /receipt?token=…: where the order mail's receipt link leads a guest (decision 037). The signed
 * token names one order; the guest types the addressee and 但し書き and downloads the PDF.
 */
export default function ReceiptPage() {
  const { t, locale } = useI18n();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [fetched, setLoaded] = useState<Loaded>({ kind: "loading" });
  // A link without a token names no order: nothing to ask the server.
  const loaded: Loaded = token ? fetched : { kind: "refused", message: t("receipt.linkInvalid") };

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    callApi<AnswerOrRefusal<typeof receiptStateAnswer>>(locale, `/receipt?token=${encodeURIComponent(token)}`, { signal: controller.signal })
      .then((result) => {
        if (result.ok && result.body?.data) setLoaded({ kind: "ready", state: result.body.data });
        else setLoaded({ kind: "refused", message: result.status === 404 ? t("receipt.linkInvalid") : (result.body?.errors?.[0] ?? t("receipt.failed")) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ kind: "refused", message: t("receipt.failed") });
      });
    return () => controller.abort();
  }, [token, locale, t]);

  return (
    <div className="page-narrow">
      <h1 className="page-title">{t("receipt.pageTitle")}</h1>
      {loaded.kind === "loading" ? (
        <p role="status">{t("receipt.loading")}</p>
      ) : loaded.kind === "refused" ? (
        <Notice tone="danger">{loaded.message}</Notice>
      ) : !loaded.state.available ? (
        <Notice tone="info">{t("receipt.unavailable")}</Notice>
      ) : (
        <>
          <p>{t("receipt.pageLead", { number: loaded.state.orderNumber })}</p>
          <ReceiptForm url={`/${locale}/api/receipt`} extraBody={{ token }} defaultAddressee={loaded.state.name} issued={loaded.state.issued} />
        </>
      )}
    </div>
  );
}
