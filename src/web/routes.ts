import type { RouteConfig } from "@react-router/dev/routes";
import { index, layout, route } from "@react-router/dev/routes";

// Route classes of spec §2: open pages, guest-only pages (a signed-in visitor goes to /),
// and the protected /mypage prefix.
export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("products", "routes/products.tsx"),
  route("products/:id", "routes/product.tsx"),
  route("exhibits/:id", "routes/exhibit.tsx"),
  route("company", "routes/company.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("specified-commercial-transaction-act-notes", "routes/legal-notice.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("checkout/complete", "routes/checkout-complete.tsx"),
  route("inquiry", "routes/inquiry.tsx"),
  route("inquiry/complete", "routes/inquiry-complete.tsx"),
  route("magazine/register", "routes/magazine-register.tsx"),
  route("magazine/confirmed", "routes/magazine-confirmed.tsx"),
  route("magazine/unsubscribe", "routes/magazine-unsubscribe.tsx"),
  layout("routes/guest-only.tsx", [
    route("login", "routes/login.tsx"),
    route("signup", "routes/signup.tsx"),
    route("signup/thanks", "routes/signup-thanks.tsx"),
    route("confirmations/thanks", "routes/confirmations-thanks.tsx"),
    route("password", "routes/password.tsx"),
    route("password/thanks", "routes/password-thanks.tsx"),
    route("password/edit", "routes/password-edit.tsx"),
  ]),
  // Open to members too: an expired link after an e-mail change lands here while signed in.
  route("confirmations/new", "routes/confirmations-new.tsx"),
  route("unlock/new", "routes/unlock-new.tsx"),
  route("mypage", "routes/mypage.tsx", [
    index("routes/mypage-profile.tsx"),
    route("address", "routes/mypage-address.tsx"),
    route("account", "routes/mypage-account.tsx"),
    route("magazine", "routes/mypage-magazine.tsx"),
    route("credit", "routes/mypage-credit.tsx"),
    route("orders", "routes/mypage-orders.tsx"),
  ]),
  // The back office: its own frame (no shop header, age gate or cart), staff session required,
  // every module a chunk of its own so no admin code reaches a shopper's page.
  route("admin/login", "routes/admin/admin-login.tsx"),
  route("admin", "routes/admin/admin-layout.tsx", [
    index("routes/admin/admin-dashboard.tsx"),
    route("orders", "routes/admin/admin-orders.tsx"),
    route("orders/:id", "routes/admin/admin-order.tsx"),
  ]),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
