import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { cardAnswer } from "../../domain/answers/member.ts";
import { useEffect, useState } from "react";
import type { Route } from "./+types/mypage-credit";
import type { CardBrand, SavedCard } from "../../domain/card.ts";
import { useSessionLost } from "../shared/auth/account-form.ts";
import { CardSetupForm } from "../shared/payments/card-setup-form.tsx";
import { TestModeBadge } from "../shared/payments/test-mode-badge.tsx";
import { callApi } from "../shared/site/api.ts";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
import { pageTitle } from "../page-meta.ts";
import { Button } from "../ui/button.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import styles from "./mypage-credit.module.css";
import { pageContext } from "../load-context.ts";
import "../i18n/account-pages-texts.ts";
import "../i18n/payment-forms-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/** Which gateway takes the card (Stripe's publishable key or the test gateway): all the page may know of it. */
export function loader({ context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  return { payments: page.payments };
}

type CardAnswer = AnswerOrRefusal<typeof cardAnswer>;

const BRANDS: CardBrand[] = ["visa", "mastercard", "amex", "jcb", "diners", "discover", "unionpay"];

function brandKey(brand: string): MessageKey {
  return `payments.brand.${BRANDS.includes(brand as CardBrand) ? (brand as CardBrand) : "unknown"}`;
}

/**
 * /mypage/credit: the saved card — brand, masked number, expiry — with a delete button,
 * or the card form with 登録する (更新する when it replaces the saved card). The card is read from
 * GET /api/cards after hydration; deleting shows no card at once.
 */
export default function MyPageCredit({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const snackbar = useSnackbar();
  const sessionLost = useSessionLost();
  // undefined while loading, null when no card is saved.
  const [card, setCard] = useState<SavedCard | null | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [changing, setChanging] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    callApi<CardAnswer>(locale, "/cards", { signal: controller.signal })
      .then((result) => {
        if (result.status === 401) return sessionLost(result.body?.errors);
        if (result.ok && result.body?.card !== undefined) setCard(result.body.card);
        else setLoadFailed(true);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("saved card not loaded", failure);
        setLoadFailed(true);
      });
    return () => controller.abort();
  }, [locale, sessionLost]);

  async function remove() {
    if (!card) return;
    const before = card;
    setCard(null);
    setChanging(false);
    try {
      const result = await callApi<CardAnswer>(locale, "/cards", { method: "DELETE" });
      if (result.ok) {
        snackbar.show("success", t("mypageCredit.deleted"));
        return;
      }
      if (result.status === 401) return sessionLost(result.body?.errors);
      console.warn("card not deleted", result.status);
    } catch (failure) {
      console.warn("card not deleted", failure);
    }
    // Not deleted after all: show the card that is still saved.
    setCard(before);
  }

  function saved(next: SavedCard) {
    setCard(next);
    setChanging(false);
    snackbar.show("success", t("mypageCredit.saved"));
  }

  return (
    <section>
      <h1 className={`page-title ${styles.title}`}>
        {t("mypageCredit.title")} <TestModeBadge config={loaderData.payments} />
      </h1>
      <p>{t("mypageCredit.lead")}</p>
      {card === undefined ? (
        loadFailed ? (
          <Notice tone="danger">{t("mypageCredit.loadFailed")}</Notice>
        ) : (
          <p role="status">{t("mypageCredit.loading")}</p>
        )
      ) : (
        <>
          {card ? (
            <div className={styles.saved} data-testid="saved-card">
              <h2 className={styles.heading}>{t("mypageCredit.savedHeading")}</h2>
              <dl className={styles.details}>
                <dt>{t("mypageCredit.brand")}</dt>
                <dd>{t(brandKey(card.brand))}</dd>
                <dt>{t("mypageCredit.number")}</dt>
                <dd className={styles.masked}>•••• {card.last4}</dd>
                <dt>{t("mypageCredit.expiry")}</dt>
                <dd>
                  {String(card.exp_month).padStart(2, "0")}/{card.exp_year}
                </dd>
              </dl>
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => void remove()}>
                  {t("mypageCredit.delete")}
                </Button>
                <Button variant="ghost" aria-expanded={changing} onClick={() => setChanging((open) => !open)}>
                  {changing ? t("mypageCredit.keep") : t("mypageCredit.change")}
                </Button>
              </div>
            </div>
          ) : (
            <p>{t("mypageCredit.none")}</p>
          )}
          {(card === null || changing) && (
            <div className={styles.form}>
              <h2 className={styles.heading}>{card ? t("mypageCredit.changeHeading") : t("mypageCredit.newHeading")}</h2>
              <CardSetupForm config={loaderData.payments} replacing={card !== null} onSaved={saved} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
