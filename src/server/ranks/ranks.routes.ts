import type { FastifyInstance } from "fastify";
import { myRankAnswer, ranksAnswer } from "../../domain/answers/loyalty.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Locale } from "../../domain/locale.ts";
import type { RankDefinition } from "../../domain/member-ranks.ts";
import { rankFieldLabels, rankName, rankSettingsSchema } from "../../domain/member-ranks.ts";
import { ADMIN_API } from "../admin/admin-session.routes.ts";
import { requireUser } from "../http/auth.ts";
import { KEYED_WRITE, checkedBody, formSchema, memberOnly, staffOnly, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import type { RanksService } from "./ranks.service.ts";

/** A rank as the API answers it: both names, and the name in the request's language. */
function rankEntry(rank: RankDefinition, locale: Locale) {
  return {
    position: rank.position,
    name: rankName(rank, locale),
    name_ja: rank.nameJa,
    name_en: rank.nameEn,
    threshold: rank.threshold,
    point_rate: rank.pointRatePercent,
  };
}

const LABELS = rankFieldLabels();

/**
 * Member ranks (decision 090): the member's own rank (My Page), the trader's ranks (/admin/ranks:
 * read, and saved as a whole, audited as rank.update).
 */
export function registerRankRoutes(
  fastify: FastifyInstance,
  deps: {
    ranks: RanksService;
    /** The rate the member earns points at (the points module's rule: their rank's, else the base rate; 0 when points are off). */
    pointRateOf?: (memberId: number) => Promise<number>;
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = staffOnly();
  const member = memberOnly();

  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/rank`, { ...member, schema: { response: { 200: myRankAnswer } } }, async (request) => {
      const user = requireUser(request);
      const [view, ranks] = [await deps.ranks.view(user.id, request.locale), await deps.ranks.definitions()];
      // point_rate_percent: what the product page and the cart show a member's 獲得予定ポイント at (decision 089).
      const pointRate = deps.pointRateOf ? await deps.pointRateOf(user.id) : (view.rank?.point_rate ?? null);
      return { data: { ...view, point_rate_percent: pointRate, ranks: ranks.map((rank) => rankEntry(rank, request.locale)) } };
    });
  }

  app.get(`${ADMIN_API}/ranks`, { ...staff, schema: { response: { 200: ranksAnswer } } }, async (request) => ({
    data: (await deps.ranks.definitions()).map((rank) => rankEntry(rank, request.locale)),
  }));

  app.put(
    `${ADMIN_API}/ranks`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: rankSettingsSchema, response: { 200: ranksAnswer } }) },
    async (request) => ({
      data: (await deps.ranks.saveDefinitions(checkedBody(request, LABELS))).map((rank) => rankEntry(rank, request.locale)),
    }),
  );
}
