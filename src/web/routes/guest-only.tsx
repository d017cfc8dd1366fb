import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/guest-only";
import { pageContext } from "../load-context.ts";

/** Guest-only pages: a signed-in visitor is sent to the top page. */
export async function loader({ context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  if (page.user) throw redirect("/");
  return null;
}

export default function GuestOnly() {
  return <Outlet />;
}
