import type { Page } from "@playwright/test";

export const SHOP_NAME_JA = "酒舗 蔵";
export const SHOP_NAME_EN = "Kura Wine & Spirits";

/** A returning visitor who already confirmed their age. */
export async function asConfirmedAdult(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem("ageConfirmed", "true"));
}

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
