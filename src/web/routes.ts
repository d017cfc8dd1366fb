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
  route("inquiry", "routes/inquiry.tsx"),
  route("magazine/register", "routes/magazine-register.tsx"),
  layout("routes/guest-only.tsx", [route("login", "routes/login.tsx")]),
  route("mypage", "routes/mypage.tsx", [index("routes/mypage-profile.tsx")]),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
