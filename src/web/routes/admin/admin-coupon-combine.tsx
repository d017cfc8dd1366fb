import { redirect } from "react-router";
import type { Route } from "./+types/admin-coupon-combine";
import { couponEditPath } from "../../features/admin/coupon-edit-form.ts";

/**
 * The old page of 「他のクーポンと併用可」 alone: the option is now one field of the coupon's edit page
 * (decision 095), where its address leads. A form still posted here from a page drawn before goes
 * there too, unsaved (a 303, as after any post), and staff save it on the edit page.
 */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(couponEditPath(params.id), 301);
}

export function action({ params }: Route.ActionArgs) {
  return redirect(couponEditPath(params.id), 303);
}
