import type { RouteConfig } from "@react-router/dev/routes";
import { index, layout, route } from "@react-router/dev/routes";

// Route classes: open pages, guest-only pages (a signed-in visitor goes to /),
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
  route("checkout/return", "routes/checkout-return.tsx"),
  route("inquiry", "routes/inquiry.tsx"),
  route("inquiry/complete", "routes/inquiry-complete.tsx"),
  route("magazine/register", "routes/magazine-register.tsx"),
  route("magazine/confirmed", "routes/magazine-confirmed.tsx"),
  route("magazine/unsubscribe", "routes/magazine-unsubscribe.tsx"),
  route("receipt", "routes/receipt.tsx"),
  // 再入荷のお知らせ and お気に入り (decision 083): the mail links' pages, and the heart's post without JavaScript.
  route("restock/confirmed", "routes/restock-confirmed.tsx"),
  route("restock/cancel", "routes/restock-cancel.tsx"),
  route("favorites", "routes/favorites.tsx"),
  // A card payment link staff mailed for an order taken by phone (decision 082): no sign-in, no age gate.
  route("pay/:token", "routes/pay.tsx"),
  // Log Out as a form (no page of its own): the header's and My Page's buttons post here.
  route("logout", "routes/logout.tsx"),
  // The age gate's 入場する before (or without) JavaScript: an action and no page (decision 056).
  route("age-gate", "routes/age-gate.tsx"),
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
    route("address-book", "routes/mypage-address-book.tsx"),
    route("account", "routes/mypage-account.tsx"),
    route("magazine", "routes/mypage-magazine.tsx"),
    route("favorites", "routes/mypage-favorites.tsx"),
    route("restock", "routes/mypage-restock.tsx"),
    route("credit", "routes/mypage-credit.tsx"),
    route("orders", "routes/mypage-orders.tsx"),
    route("orders/:id/delivery", "routes/mypage-order-delivery.tsx"),
    route("orders/:id/recipient", "routes/mypage-order-recipient.tsx"),
    route("orders/:id/gift", "routes/mypage-order-gift.tsx"),
    // 抽選販売 (decision 084): the member's entries, and the win's page the mail links to.
    route("lotteries", "routes/mypage-lotteries.tsx"),
    route("points", "routes/mypage-points.tsx"),
    route("lotteries/:id", "routes/mypage-lottery.tsx"),
    route("rank", "routes/mypage-rank.tsx"),
  ]),
  // The back office: its own frame (no shop header, age gate or cart), staff session required,
  // every module a chunk of its own so no admin code reaches a shopper's page.
  route("admin/login", "routes/admin/admin-login.tsx"),
  // The second step of the sign-in and enrolment (decision 063): outside the frame, which needs a session.
  route("admin/login/code", "routes/admin/admin-login-code.tsx"),
  route("admin/two-factor", "routes/admin/admin-two-factor.tsx"),
  // Rendered on the server, outside the frame's client loader, so it works without JavaScript (decision 067).
  route("admin/issued-data", "routes/admin/admin-issued-data.tsx"),
  // Bulk moves of the order list and long jobs' progress: server-rendered, so they work without JavaScript (decision 069).
  route("admin/orders/bulk", "routes/admin/admin-bulk.tsx"),
  // An order entered by staff (decision 081): the form is server-rendered, so it works without JavaScript.
  route("admin/orders/new", "routes/admin/admin-order-new.tsx"),
  // Returns after shipping (decision 079): the form is server-rendered, so it works without JavaScript.
  route("admin/orders/:id/return", "routes/admin/admin-order-return.tsx"),
  // Payment terms (decision 077): server-rendered, so the trader edits them without JavaScript.
  route("admin/settings/payments", "routes/admin/admin-payment-terms.tsx"),
  route("admin/jobs/:id", "routes/admin/admin-job.tsx"),
  // 抽選販売 (decision 084): server-rendered, so staff open, draw and follow lotteries without JavaScript.
  route("admin/lotteries", "routes/admin/admin-lotteries.tsx"),
  // Member ranks (decision 090): server-rendered, so the trader sets them without JavaScript.
  route("admin/ranks", "routes/admin/admin-ranks.tsx"),
  // Partial cancellation (decision 078): server-rendered, so staff lower or remove a line without JavaScript.
  route("admin/orders/:id/lines", "routes/admin/admin-order-lines.tsx"),
  // One coupon's every rule, drawn on the server: edited without JavaScript (decision 095).
  route("admin/coupons/:id", "routes/admin/admin-coupon-edit.tsx"),
  // Its 「他のクーポンと併用可」 had a page of its own (decision 086): the address leads to the edit page.
  route("admin/coupons/:id/combine", "routes/admin/admin-coupon-combine.tsx"),
  // Gift options changed before shipping (decision 074): server-rendered, so staff change them without JavaScript.
  route("admin/orders/:id/gift", "routes/admin/admin-order-gift.tsx"),
  // One parcel shipped or its slip corrected (decision 097): server-rendered, so staff do it without JavaScript.
  route("admin/orders/:id/shipments/:number", "routes/admin/admin-order-parcel.tsx"),
  route("admin", "routes/admin/admin-layout.tsx", [
    index("routes/admin/admin-dashboard.tsx"),
    route("orders", "routes/admin/admin-orders.tsx"),
    route("orders/:id", "routes/admin/admin-order.tsx"),
    route("products", "routes/admin/admin-products.tsx"),
    route("products/new", "routes/admin/admin-product-new.tsx"),
    route("products/:id", "routes/admin/admin-product.tsx"),
    route("exhibits", "routes/admin/admin-exhibits.tsx"),
    route("exhibits/:id", "routes/admin/admin-exhibit.tsx"),
    route("series", "routes/admin/admin-series.tsx"),
    route("reports/liquor-sales", "routes/admin/admin-liquor-report.tsx"),
    route("ledger", "routes/admin/admin-liquor-books.tsx"),
    route("records", "routes/admin/admin-records.tsx"),
    route("magazine", "routes/admin/admin-magazine.tsx"),
    route("coupons", "routes/admin/admin-coupons.tsx"),
    route("inquiries", "routes/admin/admin-inquiries.tsx"),
    route("inquiries/:id", "routes/admin/admin-inquiry.tsx"),
    route("members", "routes/admin/admin-members.tsx"),
    route("points", "routes/admin/admin-points.tsx"),
    route("settings", "routes/admin/admin-settings.tsx"),
    route("staff", "routes/admin/admin-staff.tsx"),
    route("audit-log", "routes/admin/admin-audit-log.tsx"),
  ]),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
