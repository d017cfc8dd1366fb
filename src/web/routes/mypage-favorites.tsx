import type { AnswerOrRefusal } from "../../domain/answers/common.ts";
import type { favoriteChangedAnswer } from "../../domain/answers/loyalty.ts";
import type { Route } from "./+types/mypage-favorites";
import type { FavoriteAvailability, FavoriteResource } from "../../domain/wishlist.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { refusalOf } from "../shared/site/form-action.ts";
import { RemoveRowForm, removeAction, useRemovableList } from "../shared/site/removable-list.tsx";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { apiData } from "../shared/site/page-data.ts";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
import { pageTitle } from "../page-meta.ts";
import { Badge } from "../ui/badge.tsx";
import type { BadgeTone } from "../ui/badge.tsx";
import { Notice } from "../ui/notice.tsx";
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
  return { favorites: (await apiData<FavoriteResource[]>(context, "/api/favorites")) ?? [] };
}

/** 削除する without JavaScript: the same DELETE, then this page again. */
export async function action(args: Route.ActionArgs) {
  return removeAction(args, (values) => `/api/favorites/${encodeURIComponent(values.product_id ?? "")}`);
}

/** /mypage/favorites: お気に入り with price and availability, each with its remove button. */
export default function MyPageFavorites({ loaderData, actionData }: Route.ComponentProps) {
  const { t, productPrice } = useI18n();
  const { rows: favorites, remove } = useRemovableList<FavoriteResource, AnswerOrRefusal<typeof favoriteChangedAnswer>>(
    loaderData.favorites,
    (favorite) => favorite.product_id,
    { pathOf: (productId) => `/favorites/${productId}`, removedMessage: (body) => body?.message ?? t("wishlist.favoriteRemoved") },
  );
  const refusal = refusalOf(actionData);

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
                <RemoveRowForm
                  name="product_id"
                  value={favorite.product_id}
                  label={t("wishlist.remove")}
                  onSubmit={(event) => void remove(event, favorite.product_id)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
