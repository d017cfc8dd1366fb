import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { formAction } from "../shared/site/form-action.ts";

/**
 * POST /logout: the Log Out buttons of the header and My Page are forms posting here (decision
 * 059), so a member signs out before (or without) JavaScript too. The same DELETE
 * /api/users/sign_out the page's script sends (with the form's token), then the top page as a
 * guest, carrying the API's new session cookie. A GET (a typed or bookmarked address) only goes
 * to the top page: signing out is never a link.
 */
export function loader() {
  return redirect("/");
}

export async function action(args: Route.ActionArgs) {
  return formAction(
    args,
    () => ({ method: "DELETE", path: "/api/users/sign_out" }),
    () => ({ redirectTo: "/" }),
  );
}
