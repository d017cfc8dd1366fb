import type { MessageKey } from "../../i18n/ja.ts";
import "../../i18n/lottery-pages-texts.ts";

/** A member's own entry as GET /api/lottery-entries answers it (decision 084). */
export interface MyLotteryEntry {
  id: number;
  lottery_id: number;
  product_id: number;
  product_name: string;
  result: "entered" | "won" | "purchased" | "lapsed" | "lost";
  phase: string;
  entry_ends_at: string;
  bottles: number | null;
  claim_deadline: string | null;
  buyable: boolean;
  entered_at: string;
}

export const RESULT_LABELS: Record<MyLotteryEntry["result"], MessageKey> = {
  entered: "lottery.resultEntered",
  won: "lottery.resultWon",
  purchased: "lottery.resultPurchased",
  lapsed: "lottery.resultLapsed",
  lost: "lottery.resultLost",
};
