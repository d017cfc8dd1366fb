/** The form field that tells the product page's action a post is a 再入荷のお知らせ, not カートに入れる (decision 083). */
export const RESTOCK_INTENT = "restock";
