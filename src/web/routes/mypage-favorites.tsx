import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { favoriteChangedAnswer } from "../../domain/answers/loyalty.ts";
import { useState } from "react";
import type { FormEvent } from "react";
import type { Route } from "./+types/mypage-favorites";
import type { FavoriteAvailability, FavoriteResource } from "../../domain/wishlist.ts";
import { useSessionLost } from "../shared/auth/account-form.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { callApi } from "../shared/site/api.ts";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { pageContext } from "../load-context.ts";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
import { pageTitle } from "../page-meta.ts";
import { Badge } from "../ui/badge.tsx";
import type { BadgeTone } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Notice } from "../ui/notice.tsx";
import { useSnackbar } from "../ui/snackbar.tsx";
import styles from "./mypage-wishlist.module.css";
import "../i18n/wishlist-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "wishlist.mypageFavorites");
}

const AVAILABILITY: Record<FavoriteAvailability, { label: MessageKey; tone: BadgeTone }> = {
  in_stock: { label: "wishlist.in_stock", tone: "success" },
  low_stock: { label: "wishlist.low_stock", tone: "wine" },
  sold_out: { label: "wishlist.sold_out", tone: "grey" },
  not_on_sale: { label: "wishlist.not_on_sale", tone: "grey" },
};

/** GET /api/favorites read with the page (decision 057). */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await context.get(pageContext).api("GET", "/api/favorites");
  const data = answer.status === 200 ? (answer.body as { data?: FavoriteResource[] } | undefined)?.data : undefined;
  return { favorites: data ?? [] };
}

/** 削除する without JavaScript: the same DELETE, then this page again. */
export async function action(args: Route.ActionArgs) {
  return formAction<{ message: string }>(
    args,
    (values) => ({ method: "DELETE", path: `/api/favorites/${encodeURIComponent(values.product_id ?? "")}` }),
    (answer) => ({ shown: { message: (answer.body as { message?: string } | undefined)?.message ?? "" } }),
  );
}

/** /mypage/favorites: お気に入り with price and availability, each with its remove button. */
export default function MyPageFavorites({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale, productPrice } = useI18n();
  const snackbar = useSnackbar();
  const sessionLost = useSessionLost();
  const [favorites, setFavorites] = useState(loaderData.favorites);
  const refusal = refusalOf(actionData);

  async function remove(event: FormEvent<HTMLFormElement>, productId: number) {
    event.preventDefault();
    const result = await callApi<AnswerOrRefusal<typeof favoriteChangedAnswer>>(locale, `/favorites/${productId}`, { method: "DELETE" });
    if (result.status === 401) return sessionLost(result.body?.errors);
    if (!result.ok) return snackbar.show("danger", result.body?.errors ?? [t("wishlist.failed")]);
    setFavorites((list) => list.filter((each) => each.product_id !== productId));
    snackbar.show("success", result.body?.message ?? t("wishlist.favoriteRemoved"));
  }

  return (
    <section>
      <h1 className="page-title">{t("wishlist.mypageFavorites")}</h1>
      {actionData?.ok && actionData.shown.message && <Notice tone="success">{actionData.shown.message}</Notice>}
      {refusal && <RefusedNotice errors={refusal.errors} />}
      {favorites.length === 0 ? (
        <p data-testid="favorites-empty">{t("wishlist.mypageFavoritesEmpty")}</p>
      ) : (
        <ul className={styles.list} data-testid="favorites">
          {favorites.map((favorite) => {
            const availability = AVAILABILITY[favorite.availability];
            return (
              <li key={favorite.product_id} className={styles.row} data-testid="favorite">
                {favorite.availability === "not_on_sale" ? (
                  <span className={styles.name}>{favorite.name}</span>
                ) : (
                  <TransitionLink to={`/products/${favorite.product_id}`} className={styles.name}>
                    {favorite.name}
                  </TransitionLink>
                )}
                <span className={styles.meta}>
                  {favorite.price_include_tax !== null && <span data-price="">{productPrice(favorite.price_include_tax)}</span>}
                  <Badge tone={availability.tone}>{t(availability.label)}</Badge>
                </span>
                <form method="post" onSubmit={(event) => void remove(event, favorite.product_id)}>
                  <CsrfField />
                  <input type="hidden" name="product_id" value={favorite.product_id} />
                  <Button type="submit" variant="secondary">
                    {t("wishlist.remove")}
                  </Button>
                </form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
