import { useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { useI18n } from "../../i18n/i18n.tsx";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import { keepDestinations, keptDestinations } from "./kept-destinations.ts";
import type { DestinationForm } from "./several-destinations.tsx";
import { emptyDestination } from "./several-destinations.tsx";

/**
 * Several destinations (decision 087): on, the order's bottles go out as `shipments`, each block its
 * own parcel. The blocks, their messages, and keeping them for the tab as the form is kept.
 */
export function useSeveralDestinations({ answersPost, completed }: { answersPost: boolean; completed: RefObject<boolean> }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const { shop } = useSite();
  const defaultCountryName = t("address.defaultCountryName");
  const account = user?.id ?? null;
  const [several, setSeveralOn] = useState(false);
  const [destinations, setDestinations] = useState<DestinationForm[]>(() => [emptyDestination(defaultCountryName, shop.gift.omotegaki)]);
  const [destinationErrors, setDestinationErrors] = useState<Record<string, string[]>>({});
  const [destinationProblems, setDestinationProblems] = useState<string[]>([]);
  const setSeveral = (on: boolean) => {
    setSeveralOn(on);
    setDestinationErrors({});
    setDestinationProblems([]);
  };

  // The blocks the tab kept come back after hydration (they cannot be typed before it); a page answering a post starts without them.
  const takenOver = useRef(false);
  useEffect(() => {
    if (takenOver.current) return;
    takenOver.current = true;
    if (answersPost) return;
    const keptBlocks = keptDestinations(account, () => emptyDestination(defaultCountryName, shop.gift.omotegaki));
    if (keptBlocks) {
      // Outside React (sessionStorage), read once the page is hydrated, as the kept form is: one extra render, once.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setSeveralOn(keptBlocks.several);
      setDestinations(keptBlocks.destinations);
    }
    // Once, on mount: later renders own the blocks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Kept from their first change on, for the shopper who typed them, until an order is placed.
  const [typedBy] = useState(account);
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (account === typedBy && !completed.current) keepDestinations({ several, destinations }, account);
  }, [several, destinations, account, typedBy, completed]);

  return { several, setSeveral, destinations, setDestinations, destinationErrors, setDestinationErrors, destinationProblems, setDestinationProblems };
}

export type SeveralDestinationsState = ReturnType<typeof useSeveralDestinations>;
