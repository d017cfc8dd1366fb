import type { FastifyInstance } from "fastify";
import {
  favoriteChangedAnswer,
  favoriteIdsAnswer,
  favoritesAnswer,
  restockCountsAnswer,
  restockNoticeAnswer,
  restockRequestsAnswer,
} from "../../domain/answers/loyalty.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DomainError } from "../../domain/errors.ts";
import { restockGuestSchema } from "../../domain/wishlist.ts";
import { requireUser } from "../http/auth.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { OPTIONALLY_KEYED_WRITE, checkedBody, formSchema, memberOnly, recordIdParams, staffOnly, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import { message } from "../i18n/messages.ts";
import type { WishlistService } from "./wishlist.service.ts";
import { pageInLocale, tokenBody, tokenQuery } from "../http/mail-links.ts";

/** 再入荷のお知らせ and お気に入り (decision 083). */
export function registerWishlistRoutes(fastify: FastifyInstance, deps: { wishlist: WishlistService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { wishlist } = deps;
  const member = memberOnly();
  for (const prefix of SHOP_API_PREFIXES) {
    // A member's one click (no field read), or a guest's address with the confirmation mail. A
    // guest's answer is the same whether the address is a member's, new or already waiting.
    app.post(
      `${prefix}/products/:id/restock-requests`,
      {
        config: { ...OPTIONALLY_KEYED_WRITE, rateLimit: rateLimitFor("restock") },
        ...formSchema({ params: recordIdParams, body: restockGuestSchema, response: { 201: restockNoticeAnswer, 202: restockNoticeAnswer } }),
      },
      async (request, reply) => {
        if (request.user) {
          await wishlist.requestAsMember(request.user, request.params.id, request.locale);
          return reply.status(201).send({ message: message("restockRequested", request.locale) });
        }
        await wishlist.requestAsGuest(checkedBody(request), request.params.id, request.locale);
        return reply.status(202).send({ message: message("restockConfirmationSent", request.locale) });
      },
    );

    app.get(`${prefix}/restock-requests/confirm`, { schema: { querystring: tokenQuery } }, async (request, reply) => {
      const outcome = await wishlist.confirm(request.query.token);
      const target = outcome === "confirmed" ? "/restock/confirmed" : `/restock/confirmed?error=${outcome}`;
      return reply.redirect(pageInLocale(request.locale, target), 302);
    });

    // The stop link's button: every waiting request of the address. A token that cannot be one is an unknown one.
    app.post(
      `${prefix}/restock-requests/cancel`,
      { schema: { body: tokenBody, response: { 200: restockNoticeAnswer } }, attachValidation: true },
      async (request) => {
        if (request.validationError || !(await wishlist.cancelByToken(request.body.token))) {
          throw new DomainError("invalid", "restockLinkInvalid");
        }
        return { message: message("restockCancelled", request.locale) };
      },
    );

    app.get(`${prefix}/mypage/restock-requests`, { ...member, schema: { response: { 200: restockRequestsAnswer } } }, async (request) => ({
      data: await wishlist.memberRequests(requireUser(request), request.locale),
    }));

    app.delete(`${prefix}/restock-requests/:id`, { ...member, schema: { params: recordIdParams, response: { 200: restockNoticeAnswer } } }, async (request) => {
      await wishlist.cancelForMember(requireUser(request), request.params.id);
      return { message: message("restockCancelled", request.locale) };
    });

    app.get(`${prefix}/favorites`, { ...member, schema: { response: { 200: favoritesAnswer } } }, async (request) => ({
      data: await wishlist.favorites(requireUser(request), request.locale),
    }));

    app.get(`${prefix}/favorites/ids`, { ...member, schema: { response: { 200: favoriteIdsAnswer } } }, async (request) => ({
      data: await wishlist.favoriteIds(requireUser(request)),
    }));

    app.put(`${prefix}/favorites/:id`, { ...member, schema: { params: recordIdParams, response: { 200: favoriteChangedAnswer } } }, async (request) => {
      await wishlist.addFavorite(requireUser(request), request.params.id);
      return { data: { product_id: request.params.id, favorite: true }, message: message("favoriteAdded", request.locale) };
    });

    app.delete(`${prefix}/favorites/:id`, { ...member, schema: { params: recordIdParams, response: { 200: favoriteChangedAnswer } } }, async (request) => {
      await wishlist.removeFavorite(requireUser(request), request.params.id);
      return { data: { product_id: request.params.id, favorite: false }, message: message("favoriteRemoved", request.locale) };
    });
  }

  // The back office: confirmed requests waiting, per product id.
  app.get("/admin/api/restock-requests/counts", { ...staffOnly(), schema: { response: { 200: restockCountsAnswer } } }, async () => ({
    data: Object.fromEntries(await wishlist.waitingCounts()),
  }));
}
