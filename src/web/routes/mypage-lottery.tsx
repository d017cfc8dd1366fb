import type { Route } from "./+types/mypage-lottery";
import { formatDateTime } from "../../domain/format.ts";
import type { MyLotteryEntry } from "../features/lottery/my-entries.ts";
import { RESULT_LABELS } from "../features/lottery/my-entries.ts";
import styles from "../features/lottery/lottery.module.css";
import { CsrfField } from "../shared/site/csrf-field.tsx";
import { formAction, refusalOf } from "../shared/site/form-action.ts";
import { RefusedNotice } from "../shared/site/refused-notice.tsx";
import { pageContext } from "../load-context.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import "../i18n/lottery-pages-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "lottery.winTitle");
}

/** The member's own entry; another member's (or none) is a 404, as the API answers. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = /^\d{1,12}$/.test(params.id) ? params.id : "0";
  const answer = await context.get(pageContext).api("GET", `/api/lottery-entries/${id}`);
  if (answer.status !== 200) throw new Response("Not Found", { status: 404 });
  return { entry: (answer.body as { data: MyLotteryEntry }).data };
}

/** 購入手続きへ: the won bottles go into the cart (POST /api/lottery-entries/{id}/cart), then the checkout. */
export async function action(args: Route.ActionArgs) {
  const id = /^\d{1,12}$/.test(args.params.id) ? args.params.id : "0";
  return formAction(
    args,
    () => ({ method: "POST", path: `/api/lottery-entries/${id}/cart`, body: {} }),
    () => ({ redirectTo: "/checkout" }),
  );
}

/**
 * /mypage/lotteries/{id}: where the win's mail leads (decision 084). A won entry before its deadline
 * shows the bottles and a button that puts them in the cart and opens the checkout, where payment,
 * age and address are asked as for any order; the order claims the win.
 */
export default function MyPageLottery({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { entry } = loaderData;
  const refusal = refusalOf(actionData);
  return (
    <section data-testid="mypage-lottery">
      <h1 className="page-title">{entry.result === "won" ? t("lottery.winTitle") : t("lottery.mine")}</h1>
      <p>
        <strong>{entry.product_name}</strong> <Badge tone={entry.result === "won" ? "wine" : "grey"}>{t(RESULT_LABELS[entry.result])}</Badge>
      </p>
      {refusal && <RefusedNotice errors={refusal.errors} />}
      {entry.buyable ? (
        <>
          <p>{t("lottery.winLead")}</p>
          <dl className={styles.facts}>
            <dt>{t("lottery.winBottles")}</dt>
            <dd data-testid="lottery-win-bottles">{t("lottery.limitValue", { count: entry.bottles ?? 0 })}</dd>
            <dt>{t("lottery.deadline")}</dt>
            <dd>{entry.claim_deadline ? formatDateTime(new Date(entry.claim_deadline), locale) : ""}</dd>
          </dl>
          <form method="post" className={styles.form}>
            <CsrfField />
            <Button type="submit" data-testid="lottery-buy">
              {t("lottery.buy")}
            </Button>
          </form>
        </>
      ) : (
        entry.result !== "entered" && entry.result !== "lost" && <p>{t("lottery.winClosed")}</p>
      )}
    </section>
  );
}
