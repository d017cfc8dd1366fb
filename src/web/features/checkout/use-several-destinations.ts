import { useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { useI18n } from "../../i18n/i18n.tsx";
import { useAuth } from "../../shared/auth/auth-context.tsx";
import { useSite } from "../../shared/site/site-context.tsx";
import { keepDestinations, keptDestinations } from "./kept-destinations.ts";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import type { CartItem } from "../../../domain/cart.ts";
import { purchasableItems } from "./checkout-order.ts";
import type { DestinationForm } from "./destinations-form.ts";
import { SEVERAL_FIELD, destinationsOfFields, emptyDestination, withAllBottlesFirst } from "./destinations-form.ts";
import type { CheckoutStart } from "./use-checkout-form.ts";
import "../../i18n/member-forms-texts.ts";

/**
 * Several destinations (decision 087): on, the order's bottles go out as `shipments`, each block its
 * own parcel. The blocks, their messages, and keeping them for the tab as the form is kept.
 */
export function useSeveralDestinations({
  items,
  start,
  addressBook,
  completed,
}: {
  items: CartItem[];
  /** The post the page answers (decision 096: without the script, the blocks as posted and their messages). */
  start: CheckoutStart | undefined;
  addressBook: readonly AddressBookEntry[] | undefined;
  completed: RefObject<boolean>;
}) {
  const answersPost = start !== undefined;
  const { t } = useI18n();
  const { user } = useAuth();
  const { shop } = useSite();
  const defaultCountryName = t("address.defaultCountryName");
  const account = user?.id ?? null;
  const [several, setSeveralOn] = useState(start?.several !== undefined);
  const [destinations, setDestinations] = useState<DestinationForm[]>(
    () => start?.several?.destinations ?? [emptyDestination(defaultCountryName, shop.gift.omotegaki)],
  );
  const [destinationErrors, setDestinationErrors] = useState<Record<string, string[]>>(start?.several?.errors ?? {});
  const [destinationProblems, setDestinationProblems] = useState<string[]>([]);
  const setSeveral = (on: boolean) => {
    setSeveralOn(on);
    setDestinationErrors({});
    setDestinationProblems([]);
    // Switched on with no bottle assigned yet: the first destination starts with all of them, to be moved to the others.
    if (on) setDestinations((current) => withAllBottlesFirst(current, purchasableItems(items)));
  };

  /** The switch and blocks as the server drew them (decision 096), with what was typed into them before hydration. */
  const typedFirst = useRef(false);
  const takeTyped = (fields: Record<string, string>) => {
    if (fields[SEVERAL_FIELD] !== "1") return;
    typedFirst.current = true;
    const blocks = destinationsOfFields(fields, purchasableItems(items), { defaultCountryName, omotegaki: shop.gift.omotegaki, book: addressBook ?? [] });
    setSeveralOn(true);
    setDestinations((current) => withAllBottlesFirst(blocks.length > 0 ? blocks : current, purchasableItems(items)));
  };

  // The blocks the tab kept come back after hydration; a page answering a post, or blocks typed into
  // before hydration (decision 096, taken in a layout effect, before this one), start without them.
  const takenOver = useRef(false);
  useEffect(() => {
    if (takenOver.current) return;
    takenOver.current = true;
    if (answersPost || typedFirst.current) return;
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

  return {
    several,
    setSeveral,
    takeTyped,
    destinations,
    setDestinations,
    destinationErrors,
    setDestinationErrors,
    destinationProblems,
    setDestinationProblems,
  };
}

export type SeveralDestinationsState = ReturnType<typeof useSeveralDestinations>;
