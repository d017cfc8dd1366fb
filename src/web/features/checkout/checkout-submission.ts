import type { CheckoutPayload } from "../../../domain/checkout.ts";
import type { CheckoutFieldErrors } from "./checkout-order.ts";
import { hasFieldErrors, serverFieldErrors } from "./checkout-order.ts";
import { splitShipmentFields } from "./destinations-form.ts";

/**
 * The order posted: the single form's payload, or with several destinations (decision 087) the
 * orderer's part of it and the `shipments`, each with its own recipient, wish and gift.
 */
export function checkoutPayloadOf(single: CheckoutPayload, shipments: CheckoutPayload["shipments"] | null): CheckoutPayload {
  if (!shipments) return single;
  const { recipient: _recipient, gift: _gift, ...orderer } = single;
  return { ...orderer, desired_delivery_date: "", desired_delivery_timezone: "", shipments };
}

/** What a 422 to the order does to the page: the destinations' messages, the form's, and those for the snackbar. */
export interface RefusedOrder {
  /** shipments and shipments.N.…: shown in the several destinations' blocks. */
  destinationErrors: Record<string, string[]>;
  /** Under the form's own fields. */
  errors: CheckoutFieldErrors;
  /** About no field shown: the answer's messages when no field has one, else those placed nowhere. */
  loose: string[];
}

export function refusedOrderOf(fields: Record<string, string[]>, messages: string[]): RefusedOrder {
  const { shipments: destinationErrors, others } = splitShipmentFields(fields);
  const { errors, unplaced } = serverFieldErrors(others);
  const placedSomewhere = hasFieldErrors(errors) || Object.keys(destinationErrors).length > 0;
  return { destinationErrors, errors, loose: placedSomewhere ? unplaced : messages };
}
