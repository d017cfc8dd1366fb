import type { FastifyInstance } from "fastify";
import {
  lotteriesAnswer,
  lotteryAnswer,
  lotteryDetailAnswer,
  lotteryEnteredAnswer,
  lotterySweepAnswer,
  myEntriesAnswer,
  myEntryAnswer,
  productLotteryAnswer,
} from "../../domain/answers/lottery.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LOTTERY_FIELD_LABELS, lotteryInputSchema } from "../../domain/lottery-input.ts";
import { requireStaff, requireUser } from "../http/auth.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import {
  KEYED_WRITE,
  OPTIONALLY_KEYED_WRITE,
  checkedBody,
  formSchema,
  memberOnly,
  recordIdParams,
  staffOnly,
  SHOP_API_PREFIXES,
} from "../http/route-schemas.ts";
import { message } from "../i18n/messages.ts";
import type { LotteryService } from "./lottery.service.ts";

const ADMIN_API = "/admin/api";

/**
 * 抽選販売 (decision 084).
 * Back office (staff): GET/POST /admin/api/lotteries, GET /admin/api/lotteries/{id},
 * POST /admin/api/lotteries/{id}/draw, POST /admin/api/lotteries/sweep (the deadlines' sweep).
 * Shop, in every locale prefix: GET /api/lotteries/products/{id} (the product's lottery, public),
 * POST /api/lotteries/{id}/entries (member, rate-limited), GET /api/lottery-entries (member's own),
 * GET /api/lottery-entries/{id}, POST /api/lottery-entries/{id}/cart (the win into the cart).
 */
export function registerLotteryRoutes(fastify: FastifyInstance, deps: { lotteries: LotteryService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { lotteries } = deps;
  const staff = staffOnly();
  const member = memberOnly();

  app.get(`${ADMIN_API}/lotteries`, { ...staff, schema: { response: { 200: lotteriesAnswer } } }, async (request) => ({
    data: await lotteries.list(request.locale),
  }));

  app.post(
    `${ADMIN_API}/lotteries`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: lotteryInputSchema, response: { 201: lotteryAnswer } }) },
    async (request, reply) => {
      const input = checkedBody(request, LOTTERY_FIELD_LABELS);
      const lottery = await lotteries.create(input, requireStaff(request).id, request.locale);
      return reply.code(201).send({ data: lottery });
    },
  );

  app.get(`${ADMIN_API}/lotteries/:id`, { ...staff, schema: { params: recordIdParams, response: { 200: lotteryDetailAnswer } } }, async (request) => ({
    data: await lotteries.detail(request.params.id, request.locale),
  }));

  app.post(
    `${ADMIN_API}/lotteries/:id/draw`,
    { ...staff, config: KEYED_WRITE, schema: { params: recordIdParams, response: { 200: lotteryAnswer } } },
    async (request) => {
      return { data: await lotteries.draw(request.params.id, requireStaff(request).id, request.locale) };
    },
  );

  app.post(`${ADMIN_API}/lotteries/sweep`, { ...staff, config: KEYED_WRITE, schema: { response: { 200: lotterySweepAnswer } } }, async () => {
    return { data: await lotteries.sweep() };
  });

  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/lotteries/products/:id`, { schema: { params: recordIdParams, response: { 200: productLotteryAnswer } } }, async (request) => ({
      data: await lotteries.forProduct(request.params.id, request.locale),
    }));

    app.post(
      `${prefix}/lotteries/:id/entries`,
      {
        ...member,
        config: { ...OPTIONALLY_KEYED_WRITE, rateLimit: rateLimitFor("lotteryEntry") },
        schema: { params: recordIdParams, response: { 201: lotteryEnteredAnswer } },
      },
      async (request, reply) => {
        const entry = await lotteries.enter(request.params.id, requireUser(request), request.locale);
        return reply.code(201).send({ data: entry, message: message("lotteryEntered", request.locale) });
      },
    );

    app.get(`${prefix}/lottery-entries`, { ...member, schema: { response: { 200: myEntriesAnswer } } }, async (request) => ({
      data: await lotteries.mine(requireUser(request).id, request.locale),
    }));

    app.get(`${prefix}/lottery-entries/:id`, { ...member, schema: { params: recordIdParams, response: { 200: myEntryAnswer } } }, async (request) => ({
      data: await lotteries.myEntry(request.params.id, requireUser(request).id, request.locale),
    }));

    app.post(
      `${prefix}/lottery-entries/:id/cart`,
      { ...member, config: OPTIONALLY_KEYED_WRITE, schema: { params: recordIdParams, response: { 200: myEntryAnswer } } },
      async (request) => {
        return { data: await lotteries.addWinToCart(request.params.id, requireUser(request), request.locale) };
      },
    );
  }
}
