import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productImagesTable } from "../db/schema/catalog.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";

// Issue 28 item 10, decision 050: /images/{id}/… serves a picture to everybody only once it is
// attached to a published product or exhibit; staff see every stored picture, and neither a private
// picture nor its refusal is kept by any cache.

const shop = testAppFixture();
let make: CatalogFactory;
let staff: StaffSession;

beforeAll(async () => {
  make = new CatalogFactory(shop.database.db);
  staff = await staffSession(shop);
});

async function imageOf(productId: number): Promise<number> {
  const [row] = await shop.database.db.select({ id: productImagesTable.imageId }).from(productImagesTable).where(eq(productImagesTable.productId, productId));
  return row!.id;
}

function get(imageId: number, session?: BrowserSession) {
  return shop.app.inject({ method: "GET", url: `/images/${imageId}/240w.webp`, headers: session ? { cookie: session.cookie } : {} });
}

/** What anonymous visitors, a signed-in member and staff get for one picture. */
async function answers(imageId: number, member: BrowserSession) {
  const [anonymous, shopper, back] = await Promise.all([get(imageId), get(imageId, member), get(imageId, staff)]);
  return {
    anonymous: [anonymous.statusCode, anonymous.headers["cache-control"]],
    member: [shopper.statusCode, shopper.headers["cache-control"]],
    staff: [back.statusCode, back.headers["cache-control"]],
  };
}

const PRIVATE = { anonymous: [404, "private, no-store"], member: [404, "private, no-store"], staff: [200, "private, no-store"] };
const PUBLIC = { anonymous: [200, "public, max-age=3600"], member: [200, "public, max-age=3600"], staff: [200, "public, max-age=3600"] };

describe("GET /images/{id}/… of a picture that is not public", () => {
  it("an upload never attached: 404 to visitors and members, shown to staff, kept by nobody", async () => {
    const member = await shop.memberSession();
    const loose = await make.image();
    await shop.app.services.catalog.changed();
    expect(await answers(loose, member)).toEqual(PRIVATE);
    const refused = await get(loose);
    expect(refused.json().errors).toEqual(["指定されたリソースは存在しません。"]);
  });

  it("a product's picture turns public when the product is published and private again when it is withdrawn", async () => {
    const member = await shop.memberSession();
    const product = await make.product({ published: false });
    const picture = await imageOf(product);
    await shop.app.services.catalog.changed();
    expect(await answers(picture, member)).toEqual(PRIVATE);

    const publish = (published: boolean) =>
      shop.app.inject({ method: "PATCH", url: `/admin/api/products/${product}`, headers: staff.headers, payload: { published } });
    expect((await publish(true)).statusCode).toBe(200);
    expect(await answers(picture, member)).toEqual(PUBLIC);
    expect((await publish(false)).statusCode).toBe(200);
    expect(await answers(picture, member)).toEqual(PRIVATE);
  });

  it("an exhibit's picture follows the exhibit being published", async () => {
    const member = await shop.memberSession();
    const shown = await make.exhibit({ published: true });
    const hidden = await make.exhibit({ published: false });
    await shop.app.services.catalog.changed();
    const pictures = await Promise.all(
      [shown, hidden].map(
        async (id) =>
          (await shop.app.inject({ method: "GET", url: `/admin/api/exhibits/${id}`, headers: { cookie: staff.cookie } })).json().data.images[0].id as number,
      ),
    );
    expect(await answers(pictures[0]!, member)).toEqual(PUBLIC);
    expect(await answers(pictures[1]!, member)).toEqual(PRIVATE);
  });
});
