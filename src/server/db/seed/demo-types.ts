import type { LocalizedText } from "../../../domain/shop-profile.ts";

/** Shapes of the demo catalogue the seed writes (see demo-catalogue.ts and demo-art.ts). */

export interface DemoLiquorType {
  key: string;
  label: LocalizedText;
}

export interface DemoSeries {
  key: string;
  /** Key of the parent series; none for a top-level series. */
  parentKey?: string;
  name: LocalizedText;
}

export type BottleShape = "bordeaux" | "burgundy" | "champagne" | "whisky" | "gin" | "shochu" | "brandy" | "sake";

/** Parameters of one generated product picture (SVG rendered to PNG at seed time). */
export interface BottleArt {
  shape: BottleShape;
  /** "front": the bottle on a plain backdrop; "scene": the bottle with a glass or props. */
  view: "front" | "scene";
  glass: string; // CSS hex colours
  label: string;
  accent: string;
  capsule: string;
  background: string;
}

export interface DemoProduct {
  key: string;
  name: LocalizedText;
  /** Several paragraphs separated by "\n"; shown with its line breaks. */
  description: LocalizedText;
  /** Yen before tax. */
  price: number;
  /** Keys of leaf series; empty for an unclassified product (未分類). */
  seriesKeys: string[];
  /** null for a product that is not liquor (a snack, a non-alcoholic drink). */
  liquorType: string | null;
  /** Reduced (8%) for food and non-alcoholic drinks (decision 036); standard when absent. */
  taxClass?: "standard" | "reduced";
  stock: number;
  soldOut?: boolean;
  buyableLimit?: number;
  shippingType?: "normal" | "cool";
  published?: boolean;
  images: BottleArt[];
  /** 予約販売 (decision 088): sold as a pre-order of this many bottles until its release, the next 解禁日 of Beaujolais Nouveau (the third Thursday of November). */
  preorder?: { allocation: number };
  /** Pictures of a product that is no bottle (a snack assortment): drawn as scenes. */
  sceneImages?: SceneArt[];
}

export type SceneKind = "vineyard" | "cellar" | "distillery" | "barrel" | "pairing" | "harvest";

export interface SceneArt {
  kind: SceneKind;
  sky: string;
  ground: string;
  accent: string;
}

export interface DemoExhibit {
  key: string;
  name: LocalizedText;
  description: LocalizedText;
  top: boolean;
  images: SceneArt[];
}
