import { describe, expect, it } from "vitest";
import type { ProductResource } from "./catalog-api.ts";
import { tileOf } from "./catalog-api.ts";

describe("tileOf", () => {
  it("hands a grid only what a tile draws: name, tax-included price, sold out and the first image", () => {
    const resource = {
      id: "7",
      type: "product",
      attributes: {
        name: "純米吟醸 蔵 720ml",
        description: "長い説明文".repeat(50),
        images: ["/images/3/720w.jpg", "/images/4/720w.jpg"],
        image_details: [
          { id: 3, width: 1200, height: 1500 },
          { id: 4, width: 1200, height: 1500 },
        ],
        price: 3000,
        price_include_tax: 3300,
        sold_out: true,
      },
    } as unknown as ProductResource;
    expect(tileOf(resource)).toEqual({
      id: "7",
      name: "純米吟醸 蔵 720ml",
      price_include_tax: 3300,
      sold_out: true,
      image_details: [{ id: 3, width: 1200, height: 1500 }],
    });
  });
});
