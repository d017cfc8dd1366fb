import type { legalJa } from "./legal.ja.ts";

export const legalEn: Record<keyof typeof legalJa, string> = {};
