import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import type { favoriteChangedAnswer, favoriteIdsAnswer } from "../../../domain/answers/loyalty.ts";
import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { Locale } from "../../../domain/locale.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { callApi } from "../../shared/site/api.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { Notice } from "../../ui/notice.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import styles from "./favorite.module.css";

// お気に入り (decision 083). The catalogue's pages are kept for every visitor alike (decision 044),
// so the page is drawn without the member's favourites: the button posts "add" to /favorites
// without JavaScript, and with it the member's list is read once and the heart toggles in place.

let known: { userId: number; ids: Promise<Set<number>> } | undefined;

function favoriteIds(locale: Locale, userId: number): Promise<Set<number>> {
  if (known?.userId !== userId) {
    const ids = callApi<AnswerOrRefusal<typeof favoriteIdsAnswer>>(locale, "/favorites/ids").then(
      (result) => new Set(result.ok ? (result.body?.data ?? []) : []),
    );
    known = { userId, ids };
  }
  return known.ids;
}

export function FavoriteButton({
  productId: id,
  productName,
  variant = "tile",
}: {
  productId: number | string;
  productName: string;
  variant?: "tile" | "page";
}) {
  const productId = Number(id);
  const { t, locale } = useI18n();
  const { user } = useAuth();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  const [kept, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const back = location.pathname + location.search;
  const on = user !== null && kept;

  useEffect(() => {
    if (!user) return;
    let current = true;
    void favoriteIds(locale, user.id).then((ids) => {
      if (current) setOn(ids.has(productId));
    });
    return () => {
      current = false;
    };
  }, [user, locale, productId]);

  async function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) {
      await navigate(`/login?redirect=${encodeURIComponent(back)}`);
      return;
    }
    setBusy(true);
    try {
      const result = await callApi<AnswerOrRefusal<typeof favoriteChangedAnswer>>(locale, `/favorites/${productId}`, { method: on ? "DELETE" : "PUT" });
      if (result.status === 401) {
        await navigate(`/login?redirect=${encodeURIComponent(back)}`);
        return;
      }
      if (!result.ok) {
        snackbar.show("danger", result.body?.errors ?? [t("wishlist.failed")]);
        return;
      }
      const ids = await favoriteIds(locale, user.id);
      if (on) ids.delete(productId);
      else ids.add(productId);
      setOn(!on);
      snackbar.show("success", result.body?.message ?? t(on ? "wishlist.favoriteRemoved" : "wishlist.favoriteAdded"));
    } catch (failure) {
      console.warn("favourite not changed", failure);
      snackbar.show("danger", t("wishlist.failed"));
    } finally {
      setBusy(false);
    }
  }

  const label = t(on ? "wishlist.unfavorite" : "wishlist.favorite");
  return (
    <form method="post" action="/favorites" onSubmit={(event) => void toggle(event)} className={variant === "tile" ? styles.tileForm : styles.pageForm}>
      <CsrfField />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        className={variant === "tile" ? styles.tileButton : styles.pageButton}
        aria-pressed={on}
        aria-label={variant === "tile" ? `${label}: ${productName}` : undefined}
        title={label}
        disabled={busy}
        data-testid="favorite-button"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={on ? styles.heartOn : styles.heart}>
          <path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.6 1.2 5.4 3.2 1.8-2 3.3-3.2 5.4-3.2 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z" />
        </svg>
        {variant === "page" && <span>{label}</span>}
      </button>
    </form>
  );
}

/** What /favorites answered a post without JavaScript (?favorite=added|removed|failed). */
export function FavoriteNotice() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const outcome = params.get("favorite");
  if (outcome === "added") return <Notice tone="success">{t("wishlist.favoriteAdded")}</Notice>;
  if (outcome === "removed") return <Notice tone="success">{t("wishlist.favoriteRemoved")}</Notice>;
  if (outcome === "failed") return <Notice tone="danger">{t("wishlist.failed")}</Notice>;
  return null;
}
