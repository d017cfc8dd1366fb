import { beforeAll, describe, expect, it } from "vitest";
import type { CartItem } from "../../domain/cart.ts";
import { LOCALE_COOKIE } from "../../domain/locale.ts";
import { message } from "../i18n/messages.ts";
import { cartProducts } from "../testing/cart-products.ts";
import { inputValue, postForm, visibleText } from "../testing/form-posts.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { testAppWithPagesFixture } from "../testing/test-app.ts";

// カートに入れる without JavaScript (decision 057): the product page's form posts to the page, whose
// action adds the bottles to the server's cart through PUT /api/carts and comes back with a 303 to
// the page, saying what the server kept. Pages come from the production build.

const shop = testAppWithPagesFixture();
const ids = {} as Record<"plain" | "limited" | "scarce" | "soldOut", number>;

beforeAll(async () => {
  Object.assign(ids, await cartProducts(shop));
});

async function cartOf(session: BrowserSession): Promise<[string, number][]> {
  const response = await shop.app.inject({ method: "GET", url: "/ja/api/carts", headers: { cookie: session.cookie } });
  return (response.json().data as CartItem[]).map((item) => [item.id, item.amount]);
}

describe("カートに入れる without JavaScript (POST /products/:id)", () => {
  it("adds the chosen bottles to the server's cart, keeps what was there and comes back to the page", async () => {
    const guest = shop.browserSession();
    expect((await postForm(shop.app, `/products/${ids.plain}`, { quantity: "2" }, { session: guest })).headers.location).toBe(
      `/products/${ids.plain}?cart=added#cart-outcome`,
    );
    const again = await postForm(shop.app, `/products/${ids.limited}`, { quantity: "1" }, { session: guest });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/products/${ids.limited}?cart=added#cart-outcome`);
    expect(await cartOf(guest)).toEqual([
      [String(ids.plain), 2],
      [String(ids.limited), 1],
    ]);
  });

  for (const locale of ["ja", "en"] as const) {
    it(`shows on the page what was done, in the drawer's words (${locale})`, async () => {
      const guest = shop.browserSession();
      // A browser keeps the fragment (#cart-outcome, the notice it scrolls to) and sends the rest.
      const html = async (location: string) =>
        (await shop.app.inject({ method: "GET", url: location.split("#")[0]!, headers: { cookie: `${guest.cookie}; ${LOCALE_COOKIE}=${locale}` } })).body;
      const page = async (location: string) => visibleText(await html(location));
      const added = await postForm(shop.app, `/products/${ids.plain}`, { quantity: "1" }, { session: guest, locale });
      expect(await page(added.headers.location as string)).toContain(locale === "ja" ? "カートに入れました。" : "Added to your cart.");
      // The notice is the fragment's target, and the cart button (a link before JavaScript) counts the server's cart.
      const answered = await html(added.headers.location as string);
      expect(answered).toMatch(/id="cart-outcome"/);
      expect(answered).toMatch(/<a href="\/checkout"[^>]*data-testid="cart-button"[^>]*>[\s\S]*?<span[^>]*data-testid="cart-count"[^>]*>1<\/span>/);
      // Past the purchase limit the server keeps the limit, and the page says so.
      const limited = await postForm(shop.app, `/products/${ids.limited}`, { quantity: "5" }, { session: guest, locale });
      expect(limited.headers.location).toBe(`/products/${ids.limited}?cart=limit&count=3#cart-outcome`);
      expect(await page(limited.headers.location as string)).toContain(
        locale === "ja" ? "お一人様3本までのため、数量を3本にしました" : "Limited to 3 per customer, so the quantity is now 3",
      );
      const scarce = await postForm(shop.app, `/products/${ids.scarce}`, { quantity: "4" }, { session: guest, locale });
      expect(scarce.headers.location).toBe(`/products/${ids.scarce}?cart=stock&count=2#cart-outcome`);
      const soldOut = await postForm(shop.app, `/products/${ids.soldOut}`, { quantity: "1" }, { session: guest, locale });
      expect(soldOut.headers.location).toBe(`/products/${ids.soldOut}?cart=unavailable#cart-outcome`);
      expect(await page(soldOut.headers.location as string)).toContain(
        locale === "ja" ? "現在お買い求めいただけません(売り切れ・販売終了)" : "Currently unavailable (sold out or withdrawn)",
      );
      expect(await cartOf(guest)).toEqual([
        [String(ids.plain), 1],
        [String(ids.limited), 3],
        [String(ids.scarce), 2],
        // Kept at 0 as the drawer's PUT keeps it: the line comes back when the bottle is restocked.
        [String(ids.soldOut), 0],
      ]);
    });
  }

  it("takes a quantity the selector never offers as one bottle", async () => {
    const guest = shop.browserSession();
    for (const quantity of ["-3", "abc", "1.5", "99999999"]) await postForm(shop.app, `/products/${ids.plain}`, { quantity }, { session: guest });
    expect(await cartOf(guest)).toEqual([[String(ids.plain), 3 + 24]]);
  });

  it("refuses a post without the page's token, or with another session's, and the cart stays empty", async () => {
    const guest = shop.browserSession();
    for (const csrf of [null, shop.browserSession().headers["x-csrf-token"]!]) {
      for (const locale of ["ja", "en"] as const) {
        const response = await postForm(shop.app, `/products/${ids.plain}`, { quantity: "1" }, { session: guest, csrf, locale });
        expect(response.statusCode).toBe(403);
        expect(response.headers["content-type"]).toContain("text/html");
        expect(visibleText(response.body)).toContain(message("csrfInvalid", locale));
      }
    }
    expect(await cartOf(guest)).toEqual([]);
  });

  it("a product page kept for guests carries each guest's own token in the form", async () => {
    const first = shop.browserSession();
    const second = shop.browserSession();
    const pageFor = (session: BrowserSession) => shop.app.inject({ method: "GET", url: `/products/${ids.plain}`, headers: { cookie: session.cookie } });
    const kept = await pageFor(first);
    const served = await pageFor(second);
    expect(served.headers["x-page-cache"]).toBe("hit");
    expect(inputValue(kept.body, "_csrf")).toBe(first.headers["x-csrf-token"]);
    expect(inputValue(served.body, "_csrf")).toBe(second.headers["x-csrf-token"]);
    // The kept page's form works for the second guest.
    const posted = await postForm(
      shop.app,
      `/products/${ids.plain}`,
      { quantity: "1", _csrf: inputValue(served.body, "_csrf")! },
      { session: second, csrf: null },
    );
    expect(posted.statusCode).toBe(303);
    expect(await cartOf(second)).toEqual([[String(ids.plain), 1]]);
  });
});
