import type { DeliveryCalendarInput } from "../../../domain/delivery-calendar.ts";
import { deliveryWindow } from "../../../domain/delivery-calendar.ts";
import { transitDaysTo } from "../../../domain/shipping-table.ts";
import { useSite } from "../../shared/site/site-context.tsx";

/**
 * The dates a delivery may be wished for (up to 8 days from today), from the first day a
 * parcel can reach the prefecture: the shop's calendar and transit days from its profile, the moment
 * and the public holidays from the server (the same rule the server enforces on ordering).
 */
export function useDeliveryDates(calendar: DeliveryCalendarInput, prefecture: number | null): string[] {
  const { shop } = useSite();
  const days = { ...shop.deliveryCalendar, closedDates: shop.businessHolidays, isHoliday: (date: string) => calendar.holidays.includes(date) };
  return deliveryWindow(calendar.now, days, transitDaysTo(prefecture, shop.terms.shipping));
}
