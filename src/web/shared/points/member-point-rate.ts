import { useEffect, useState } from "react";
import type { Locale } from "../../../domain/locale.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { useAuth } from "../auth/auth-context.tsx";
import { callApi } from "../site/api.ts";

// The member's point rate (decision 089): the catalogue's pages are kept for every visitor alike
// (decision 044), so they are drawn with the base rate's figures; with JavaScript, a signed-in
// member's own rate (their rank's) is read once per page load from GET /api/rank — one call
// shared by the product page and the cart drawer, as the favourites' hearts read theirs (decision 083).

let known: { userId: number; rate: Promise<number | null> } | undefined;

function memberPointRate(locale: Locale, userId: number): Promise<number | null> {
  if (known?.userId !== userId) {
    const rate = callApi<{ data?: { point_rate_percent?: number | null } }>(locale, "/rank")
      .then((result) => (result.ok && typeof result.body?.data?.point_rate_percent === "number" ? result.body.data.point_rate_percent : null))
      .catch(() => null);
    known = { userId, rate };
  }
  return known.rate;
}

/** The signed-in member's earning rate in percent, or null (a guest, not read yet, or not readable: show the base rate's figure). */
export function useMemberPointRate(): number | null {
  const { locale } = useI18n();
  const { user } = useAuth();
  const [rate, setRate] = useState<{ userId: number; rate: number | null } | null>(null);
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    let current = true;
    void memberPointRate(locale, userId).then((found) => {
      if (current) setRate({ userId, rate: found });
    });
    return () => {
      current = false;
    };
  }, [locale, userId]);
  return userId !== null && rate?.userId === userId ? rate.rate : null;
}
