import { z } from "../zod.ts";
import { dataOf } from "./common.ts";

/** GET /api/orders/{id}/receipt, /api/receipt?token= and the back office's: whether a receipt (領収書) can be issued, how many were, the name printed (decision 037). */
export const receiptStateAnswer = dataOf(z.object({ orderNumber: z.string(), available: z.boolean(), issued: z.number(), name: z.string() }));
