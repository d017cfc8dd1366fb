import { expect, test } from "@playwright/test";
import type { Browser, Page, Response } from "@playwright/test";
import { testTime } from "../../src/server/testing/test-time.ts";
import { orderNumberForShopper } from "../../src/domain/order-number.ts";
import { ADULT_BIRTH_DATE, E2E_OWNER as OWNER, asConfirmedAdult, csrfOf, signUpAndSignIn, waitForHydration, passOwnerSecondStep } from "./fixtures.ts";

// The back office as the trader uses it: sign in, the dashboard, finding a shopper's bank-transfer
// order, confirming the money and shipping it with a slip number (which the shopper then sees in
// the purchase history), cancelling through the confirmation dialog; that shoppers stay out; and
// that no back-office code reaches a shopper's first page.

// The owner's sign-in is two pages now (password, then the code of decision 063), and may wait for the
// next 30-second code when the other worker just spent the current ones.
test.describe.configure({ timeout: testTime(180_000) });

let keys = 0;
/** Places an order through POST /api/checkout as the checkout page does; answers its number. */
async function placeOrder(page: Page, method: "bank" | "cod", email: string, name = "蔵前 太郎"): Promise<string> {
  await page.goto("/");
  const response = await page.request.post("/api/checkout", {
    headers: { "x-csrf-token": await csrfOf(page), "idempotency-key": `admin-e2e-${Date.now()}-${keys++}-${Math.random()}` },
    data: {
      items: [{ id: 1, amount: 1 }],
      payment_method: method,
      name,
      email,
      phone: "03-1234-5678",
      address: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "蔵前マンション 401号室" },
      desired_delivery_date: "",
      desired_delivery_timezone: "",
      memo: "玄関前に置いてください",
      birth_date: ADULT_BIRTH_DATE,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { order_id: string }).order_id;
}

/** The trader in a browser of their own (no shopper cookies), signed in on /admin/login. */
async function traderSignsIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(OWNER.email);
  await page.getByLabel("パスワード").fill(OWNER.password);
  await page.getByRole("button", { name: "サインイン" }).click();
  await passOwnerSecondStep(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  await expect(page.getByTestId("admin-staff")).toHaveText(`サインイン中: ${OWNER.email}`);
  return page;
}

test.beforeEach(async ({ page }) => {
  await asConfirmedAdult(page);
  await page.addInitScript(() => window.sessionStorage.setItem("propmtedLogIn", "true"));
});

test("the trader confirms a member's bank transfer, ships it with a slip number, and the member sees the slip number", async ({ page, browser }) => {
  const member = await signUpAndSignIn(page, "admin");
  const orderId = await placeOrder(page, "bank", member);

  const trader = await traderSignsIn(browser);
  // The back office has none of the shop's frame, and is not for search engines.
  await expect(trader.getByTestId("age-gate")).toHaveCount(0);
  await expect(trader.getByTestId("cart-button")).toHaveCount(0);
  await expect(trader.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const awaiting = trader.getByTestId("dashboard-awaiting-deposit");
  await expect(awaiting).toContainText("入金待ち(銀行振込)");
  expect(Number((await awaiting.locator("dd").first().innerText()).replace(/\D/g, ""))).toBeGreaterThanOrEqual(1);

  // The order list, narrowed to bank transfers awaiting payment and the member's e-mail.
  await trader.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "注文" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: "注文" })).toBeVisible();
  await trader.getByLabel("状況").selectOption({ label: "入金待ち" });
  await trader.getByLabel("お支払い方法").selectOption({ label: "銀行振込" });
  await trader.getByLabel("検索(お名前・メールアドレス・注文番号)").fill(member.toUpperCase());
  await trader.getByRole("button", { name: "絞り込む" }).click();
  await expect(trader).toHaveURL(/status=await_payment&payment_method=bank&q=/);
  const rows = trader.getByTestId("admin-order-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-order-id", orderId);
  await expect(rows.first()).toContainText(member);
  await expect(rows.first()).toContainText("入金待ち");
  await rows
    .first()
    .getByRole("link", { name: orderNumberForShopper(orderId) })
    .click();

  // Everything the shopper gave, the lines and totals.
  await expect(trader).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(trader.getByRole("heading", { level: 1, name: `注文 ${orderNumberForShopper(orderId)}` })).toBeVisible();
  await expect(trader.getByText("蔵前 太郎")).toBeVisible();
  await expect(trader.getByRole("link", { name: member })).toBeVisible();
  await expect(trader.getByText("03-1234-5678")).toBeVisible();
  await expect(trader.getByText("〒111-0051")).toBeVisible();
  await expect(trader.getByText("東京都")).toBeVisible();
  await expect(trader.getByText("蔵前マンション 401号室")).toBeVisible();
  await expect(trader.getByText("玄関前に置いてください")).toBeVisible();
  await expect(trader.getByTestId("order-line")).toHaveCount(1);
  await expect(trader.getByTestId("order-line")).toContainText("シャトー・ラ・クロワ ボルドー 2019 750ml");
  // 4,200 + shipping 1,100 = 5,300; tax 530; total 5,830.
  await expect(trader.getByTestId("order-tax")).toContainText("530 円");
  await expect(trader.getByTestId("order-total")).toContainText("5,830 円");
  await expect(trader.getByTestId("order-slip-number")).toContainText("(未発行)");

  // A bank transfer awaiting payment: the money first (or cancel), never shipped before.
  const actions = trader.getByTestId("order-actions");
  await expect(actions.getByText("入金を確認", { exact: true })).toBeVisible();
  await expect(actions.getByRole("button", { name: "キャンセル" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "発送済みにする" })).toHaveCount(0);
  // It mails the customer, so one press only opens the question; the second press confirms.
  const confirmDeposit = actions.getByRole("button", { name: "入金確認済みにしてメールを送る" });
  await expect(confirmDeposit).toBeHidden();
  await actions.getByText("入金を確認", { exact: true }).click();
  await expect(actions.getByTestId("deposit-confirm")).toContainText("5,830");
  await expect(trader.getByTestId("order-status")).not.toContainText("入金済み");
  await confirmDeposit.click();
  await expect(trader.getByTestId("order-action-result")).toHaveText("入金を確認しました。お客様にメールでお知らせします。");
  await expect(trader.getByTestId("order-status")).toContainText("入金済み");
  await expect(actions.getByTestId("deposit-confirm")).toHaveCount(0);
  // The history names the staff member who confirmed it, not an id.
  await expect(trader.getByTestId("order-history-row").filter({ hasText: "入金済み" }).last()).toContainText(`スタッフ ${OWNER.email}`);

  // Shipping asks for the slip number first.
  await actions.getByRole("button", { name: "発送済みにする" }).click();
  await expect(actions.getByText("配送伝票番号を入力してください。")).toBeVisible();
  await expect(trader.getByTestId("order-status")).toContainText("入金済み");
  await actions.getByLabel("配送伝票番号").fill("1234-5678-9012");
  await actions.getByRole("button", { name: "発送済みにする" }).click();
  await expect(trader.getByTestId("order-action-result")).toContainText("発送済みにしました(伝票番号 1234-5678-9012)");
  await expect(trader.getByTestId("order-status")).toContainText("発送済み");
  await expect(trader.getByTestId("order-slip-number")).toHaveText(/1234-5678-9012/);
  // Sent is final, but a wrong slip number can be corrected (decision 067); the customer is mailed only when ticked.
  await expect(actions).not.toContainText("この注文に行える操作はありません。");
  const correction = actions.getByTestId("slip-correct");
  await expect(correction.getByLabel("お客様に訂正後の送り状番号をメールで知らせる")).not.toBeChecked();
  await correction.getByLabel("配送伝票番号").fill("1234-5678-9999");
  await correction.getByRole("button", { name: "送り状番号を訂正する" }).click();
  await expect(trader.getByTestId("order-action-result")).toContainText("送り状番号を 1234-5678-9999 に訂正しました。お客様へのメールは送っていません。");
  await expect(trader.getByTestId("order-slip-number")).toHaveText(/1234-5678-9999/);
  // The order's history: placed by the member, then the trader's two moves and the correction.
  const history = trader.getByTestId("order-history-row");
  await expect(history).toHaveCount(4);
  await expect(history.nth(3)).toContainText("送り状番号を訂正: 1234-5678-9012 → 1234-5678-9999");
  await expect(history.nth(0)).toContainText("注文受付(入金待ち)");
  await expect(history.nth(0)).toContainText("会員(ID ");
  await expect(history.nth(1)).toContainText("入金待ち → 入金済み");
  await expect(history.nth(1)).toContainText(`スタッフ ${OWNER.email}`);
  await expect(history.nth(2)).toContainText("入金済み → 発送済み");
  await trader.context().close();

  // The member sees the parcel's slip number in the purchase history.
  await page.goto("/mypage/orders");
  await waitForHydration(page);
  const card = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await expect(card).toContainText("発送済み");
  await expect(card).toContainText("配送伝票番号1234-5678-9999");
});

test("a guest's cash-on-delivery order is cancelled after the confirmation dialog; the page also speaks English", async ({ page, browser }) => {
  const email = `admin-guest-${Date.now()}@example.com`;
  const orderId = await placeOrder(page, "cod", email, "代引 花子");
  const trader = await traderSignsIn(browser);
  await trader.goto(`/admin/orders?q=${orderId}`);
  await trader.getByRole("link", { name: orderNumberForShopper(orderId) }).click();
  const actions = trader.getByTestId("order-actions");
  // Cash on delivery is paid to the carrier: it is shipped (or cancelled), never marked deposited.
  await expect(actions.getByRole("button", { name: "発送済みにする" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "入金を確認" })).toHaveCount(0);
  await expect(trader.getByTestId("order-fee")).toContainText("440 円");
  // Its payment waits for the carrier's collection, and its parcel may leave at once (decision 076).
  await expect(trader.getByTestId("order-payment-row")).toHaveCount(1);
  await expect(trader.getByTestId("order-payment-row")).toContainText("入金待ち");
  await expect(trader.getByTestId("order-shipment-row")).toContainText("出荷可能");

  await actions.getByRole("button", { name: "キャンセル" }).click();
  const dialog = trader.getByRole("dialog", { name: "この注文をキャンセルしますか？" });
  await expect(dialog).toBeVisible();
  // Backing out changes nothing.
  await dialog.getByRole("button", { name: "戻る" }).click();
  await expect(dialog).toBeHidden();
  await expect(trader.getByTestId("order-status")).toContainText("入金待ち");

  await actions.getByRole("button", { name: "キャンセル" }).click();
  await dialog.getByRole("button", { name: "キャンセルする" }).click();
  await expect(trader.getByTestId("order-action-result")).toHaveText("注文をキャンセルしました。お客様にメールでお知らせします。");
  await expect(trader.getByTestId("order-status")).toContainText("キャンセル");
  await expect(actions.getByRole("button")).toHaveCount(0);

  await trader.getByRole("link", { name: "English" }).click();
  await expect(trader.getByRole("heading", { level: 1, name: `Order ${orderNumberForShopper(orderId)}` })).toBeVisible();
  await expect(trader.getByTestId("order-status")).toContainText("Cancelled");
  // Cancelled: the payment called off, the parcel held back.
  await expect(trader.getByTestId("order-payment-row")).toContainText("Cancelled");
  await expect(trader.getByTestId("order-shipment-row")).toContainText("Waiting to ship");
  const history = trader.getByTestId("order-history-row");
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText("Order placed (Awaiting payment)");
  await expect(history.nth(0)).toContainText("Guest shopper");
  await expect(history.nth(1)).toContainText("Awaiting payment → Cancelled");
  await expect(history.nth(1)).toContainText(`Staff: ${OWNER.email}`);
  await expect(trader.getByRole("navigation", { name: "Back office menu" })).toBeVisible();
  await trader.context().close();
});

test("a shopper's session does not open the back office: /admin sends it to the staff sign-in", async ({ page }) => {
  await signUpAndSignIn(page, "admin");
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Forders$/);
  await expect(page.getByRole("heading", { level: 1, name: "管理画面にサインイン" })).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  // No shop frame here either.
  await expect(page.getByTestId("age-gate")).toHaveCount(0);
  await expect(page.getByTestId("cart-button")).toHaveCount(0);

  // A wrong password is refused with the server's message.
  await waitForHydration(page);
  await page.getByLabel("メールアドレス").fill(OWNER.email);
  await page.getByLabel("パスワード").fill("not the password");
  await page.getByRole("button", { name: "サインイン" }).click();
  await expect(page.getByTestId("admin-login-errors")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("a locked-out staff member asks the sign-in page for an unlock mail; a bad link says so", async ({ page }) => {
  await page.goto("/admin/login");
  await waitForHydration(page);
  const send = page.getByRole("button", { name: "ロック解除のメールを送る" });
  await send.click();
  await expect(page.getByTestId("admin-login-errors")).toHaveText("メールアドレスを入力してください。");
  await page.getByLabel("メールアドレス").fill("nobody@kura.example");
  await send.click();
  await expect(page.getByTestId("admin-unlock-sent")).toHaveText(
    "アカウントが存在する場合、アカウントのロックを解除する方法を数分以内にメールでご連絡します。",
  );

  await page.goto("/admin/api/unlock?token=1.1.x");
  await expect(page).toHaveURL(/\/admin\/login\?unlock=invalid$/);
  await expect(page.getByRole("alert").filter({ hasText: "ロック解除のリンクが無効か、有効期限が切れています。" })).toBeVisible();
});

/** Every script and style sheet a page loads, with its text. */
async function assetsOf(page: Page, path: string): Promise<{ url: string; body: string }[]> {
  const responses: Response[] = [];
  const collect = (response: Response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "stylesheet") responses.push(response);
  };
  page.on("response", collect);
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  page.off("response", collect);
  const assets = await Promise.all(responses.map(async (response) => ({ url: response.url(), body: await response.text() })));
  return [...assets, { url: path, body: await page.content() }];
}

const ADMIN_MARKERS = ["/admin/api", "入金を確認", "発送済みにする", "管理画面", "Back office"];

test("no back-office code or text is loaded by a shopper's home page", async ({ page }) => {
  const home = await assetsOf(page, "/");
  expect(home.filter((asset) => asset.url.endsWith(".js")).length).toBeGreaterThan(1);
  for (const { url, body } of home) {
    for (const marker of ADMIN_MARKERS) expect(body.includes(marker), `${url} contains ${marker}`).toBe(false);
  }
  // The same look at the staff sign-in finds them: the markers are the ones the back office carries.
  const login = await assetsOf(page, "/admin/login");
  for (const marker of ["/admin/api", "入金を確認", "管理画面"]) {
    expect(
      login.some((asset) => asset.body.includes(marker)),
      marker,
    ).toBe(true);
  }
});
