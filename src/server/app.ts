import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import middie from "@fastify/middie";
import { fastifyReactRouter } from "@mcansh/remix-fastify";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import Fastify, { LogController } from "fastify";
import type { ServerBuild } from "react-router";
import { RouterContextProvider } from "react-router";
import type { ViteDevServer } from "vite";
import type { PageContext } from "../web/load-context.ts";
import { pageContext } from "../web/load-context.ts";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { registerCsrfProtection, csrfTokenFor } from "./http/csrf.ts";
import { dictionaryHrefs, stylesheetTexts } from "./http/client-manifest.ts";
import { PageCache } from "./http/page-cache.ts";
import { answerSerializerCompiler } from "./http/response-schemas.ts";
import { KeptBodies, PER_REQUEST } from "./http/kept-encodings.ts";
import { isPrecompressible } from "./http/precompressed.ts";
import { apiAsVisitor } from "./http/api-as-visitor.ts";
import { visitorJson } from "../domain/visitor.ts";
import { validatorCompiler } from "fastify-type-provider-zod";
import { registerErrorHandler } from "./http/errors.ts";
import { registerInputGuard } from "./http/input-guard.ts";
import { registerLocale } from "./http/locale.ts";
import { registerAgeGate } from "./http/age-gate.ts";
import { loggerOptions, registerAccessLog } from "./http/logging.ts";
import { resolveSessionSecret } from "./session-secret.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerSessions } from "./http/session.ts";
import { registerRateLimits } from "./http/rate-limit.ts";
import { RequestKeys, registerRequestKeys } from "./http/request-keys.ts";
import { ACCOUNTS_CHANGED_CHANNEL, SessionService } from "./accounts/session.service.ts";
import { AccountService } from "./accounts/account.service.ts";
import { SignInLock } from "./accounts/sign-in-lock.ts";
import { AfterAnswer } from "./accounts/after-answer.ts";
import { registerAccountRoutes } from "./accounts/account.routes.ts";
import { ChangeNotices, cardLabel } from "./accounts/change-notices.ts";
import { message } from "./i18n/messages.ts";
import { deliveryCalendarInput } from "./checkout/delivery-calendar.ts";
import { ShopProfileService } from "./shop/shop-profile.service.ts";
import { registerHealthRoutes } from "./health/health.routes.ts";
import { registerCatalogRoutes } from "./catalog/catalog.routes.ts";
import { CatalogService } from "./catalog/catalog.service.ts";
import { AvailabilityReads } from "./catalog/catalog.reads.ts";
import { registerImageRoutes } from "./images/image.routes.ts";
import { ImageService } from "./images/image.service.ts";
import { registerSeoRoutes } from "./seo/seo.routes.ts";
import { cartOwnerOf, registerCartRoutes } from "./cart/cart.routes.ts";
import { CartService } from "./cart/cart.service.ts";
// Reference data (countries, postcodes) and the saved address.
import { registerCountryRoutes } from "./reference/countries.routes.ts";
import { CountriesService } from "./reference/countries.service.ts";
import { registerPostcodeRoutes } from "./reference/postcodes.routes.ts";
import { PostcodesService } from "./reference/postcodes.service.ts";
import { registerAddressRoutes } from "./address/address.routes.ts";
import { registerAddressBookRoutes } from "./address/address-book.routes.ts";
import { AddressBookService } from "./address/address-book.service.ts";
import { AddressService } from "./address/address.service.ts";
// Mail: the outbox worker and the built-in mailbox (/dev/mailbox).
import { MailService } from "./mail/mail.service.ts";
import { MailboxService } from "./mail/mailbox.service.ts";
import { registerMailboxRoutes } from "./mail/mailbox.routes.ts";
// Inquiries (contact form) and the mail magazine.
import { registerInquiryRoutes } from "./inquiries/inquiry.routes.ts";
import { InquiryService } from "./inquiries/inquiry.service.ts";
import { registerMagazineRoutes } from "./magazine/magazine.routes.ts";
import { MagazineService } from "./magazine/magazine.service.ts";
// 再入荷のお知らせ and お気に入り (decision 083).
import { registerWishlistRoutes } from "./wishlist/wishlist.routes.ts";
import { WishlistService } from "./wishlist/wishlist.service.ts";
import { scheduleClockJobs } from "./jobs/schedule.ts";
import { CatalogReadModel } from "./catalog/catalog.read-model.ts";
// Payments (issue 6): the gateway (Stripe or the built-in test gateway) and the saved card.
import type { PaymentGateway } from "./payments/payment-gateway.ts";
import type { CardsService } from "./payments/cards.service.ts";
import { PAYMENT_WEBHOOK_PATH } from "./payments/payments.routes.ts";
import { registerPayments } from "./payments/payments.setup.ts";
import { TEST_GATEWAY_PREFIX } from "./payments/test-gateway.routes.ts";
// Checkout reference calls: shipping, tax rate, time bands, bank accounts, cod fee.
import { registerCheckoutReferenceRoutes } from "./checkout-reference/checkout-reference.routes.ts";
import { CheckoutReferenceService } from "./checkout-reference/checkout-reference.service.ts";
// Order placement (POST /api/checkout) and the order history (GET /api/orders).
import { registerCheckoutRoutes } from "./checkout/checkout.routes.ts";
import { DestinationsUploadService } from "./checkout/destinations-upload.service.ts";
import { CouponsService } from "./coupons/coupons.service.ts";
import { BirthdayMembers } from "./accounts/birthday-members.ts";
import { registerCouponRoutes } from "./coupons/coupons.routes.ts";
import { RanksService, rankPointRate } from "./ranks/ranks.service.ts";
import { registerRankRoutes } from "./ranks/ranks.routes.ts";
import { PointsService } from "./points/points.service.ts";
import type { PointRateFor } from "./points/points.service.ts";
import { registerPointRoutes } from "./points/points.routes.ts";
import { CheckoutService } from "./checkout/checkout.service.ts";
import { OrderPayments } from "./payments/order-payments.ts";
import { CheckoutRequests } from "./checkout/checkout.idempotency.ts";
// Card payment links for card orders awaiting payment (decision 082).
import { registerPaymentLinkRoutes } from "./checkout/payment-link.routes.ts";
import { PaymentLinkService } from "./checkout/payment-link.service.ts";
import { paymentLinkFor } from "./checkout/payment-link-token.ts";
import { OrderPaymentLinks } from "./orders/order-payment-links.ts";
import { registerOrderRoutes } from "./orders/orders.routes.ts";
import { paymentOnCancelAtGateway } from "./orders/order-cancel-payment.ts";
import { OrderMoves, gatewayActor, type OrderChangeServices } from "./orders/order-moves.ts";
import { TestDeferredPaymentService } from "./payments/deferred-payment.ts";
import { OrdersService } from "./orders/orders.service.ts";
// Back office (issue 7): staff sign-in, orders and their status moves, the dashboard.
import { registerAdminSessionRoutes } from "./admin/admin-session.routes.ts";
import { staffEmailsOf } from "./admin/staff-directory.ts";
import { registerStaffOrderRoutes } from "./admin/staff-orders.routes.ts";
import { StaffOrdersService } from "./checkout/staff-orders.service.ts";
// 抽選販売 (decision 084).
import { registerLotteryRoutes } from "./lottery/lottery.routes.ts";
import { LotteryService } from "./lottery/lottery.service.ts";
import { registerAdminOrderRoutes } from "./admin/admin-orders.routes.ts";
import { AdminOrdersService } from "./admin/admin-orders.service.ts";
import { OrderAdjustments } from "./orders/order-adjustments.ts";
import { OrderPartialCancellations } from "./orders/order-partial-cancel.ts";
import type { ParcelLinesOf } from "./orders/order-changes.ts";
import { OrderChanges } from "./orders/order-changes.ts";
import { validateRecipientForm } from "./checkout/checkout.validation.ts";
import { DashboardService } from "./admin/dashboard.service.ts";
import { DashboardChartsService } from "./admin/dashboard-charts.service.ts";
import { IssuedDataImportService } from "./shipments/issued-data-import.service.ts";
import { registerIssuedDataRoutes } from "./shipments/issued-data.routes.ts";
// Bulk moves of the order list and long work as jobs (decision 069).
import { BulkMovesService } from "./admin/bulk-moves.service.ts";
import { registerBulkMoveRoutes } from "./admin/bulk-moves.routes.ts";
import { JobsService } from "./jobs/jobs.service.ts";
import { registerJobRoutes } from "./jobs/jobs.routes.ts";
import { staffActor } from "./orders/order-moves.ts";
import type { BulkItem } from "../domain/bulk-moves.ts";
import type { ShipmentToConfirm } from "../domain/issued-data-import.ts";
import { StaffService } from "./admin/staff.service.ts";
import { StaffUnlock } from "./admin/staff-unlock.ts";
import { StaffTwoFactor } from "./admin/staff-two-factor.ts";
import { BackOfficeSecurity, registerBackOfficeAllowList } from "./admin/back-office-security.ts";
// Back office catalogue: products, direct uploads, exhibits, series and liquor types.
import { registerAdminCatalogue } from "./admin/admin-catalogue.setup.ts";
import { registerAdminReportRoutes } from "./admin/admin-reports.routes.ts";
import { registerAdminMagazineRoutes } from "./admin/admin-magazine.routes.ts";
// Back-office operations: order CSV exports, inquiries, members, settings, staff accounts.
import { registerAdminOperations } from "./admin/admin-operations.setup.ts";
import { LiquorReportService } from "./admin/liquor-report.service.ts";
import { registerLiquorBookRoutes } from "./admin/liquor-books.routes.ts";
import { LiquorBooksService } from "./admin/liquor-books.service.ts";
import { StockLedgerService } from "./catalog/stock-ledger.service.ts";
import { LiquorBookRecordsService } from "./catalog/liquor-book-records.service.ts";
// The staff audit log (decision 065).
import { registerAuditLog } from "./audit/audit-log.routes.ts";
import { AuditLogService } from "./audit/audit-log.service.ts";
// The order's paperwork: delivery notes and receipts as PDF (decision 037).
import { registerDocumentRoutes } from "./documents/documents.routes.ts";
import { DocumentsService } from "./documents/documents.service.ts";
import { registerRecordRoutes } from "./records/records.routes.ts";
import { TransactionRecords } from "./records/transaction-records.ts";
import { receiptPageUrl, receiptToken } from "./documents/receipt-link.ts";
// Returns after shipping with their return invoices (decision 079).
import { OrderReturns } from "./orders/order-returns.ts";
import { registerOrderReturnRoutes } from "./orders/order-returns.routes.ts";
import { SHOP_API_PREFIXES } from "./http/route-schemas.ts";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /**
   * How pages are served: the production build, the Vite dev server with hot reload, or not at all
   * (API tests).
   */
  pages: "production" | "development" | "none";
  /** Called with every route as it is declared (tests that check all routes' declarations). */
  onRoute?: (route: RouteOptions) => void;
  /** Items over which a bulk move or an issued-data confirm runs as a job (decision 069); tests set a small one. */
  jobThreshold?: number;
  /** Points (decision 089): the member's earning rate from their rank (the ranks module's, wired at merge); absent: the shop's base rate for all. */
  pointRateFor?: PointRateFor;
}

/** Path prefixes of the JSON APIs; each is served plain and under /ja and /en. */
const API_PREFIXES = [...SHOP_API_PREFIXES, "/admin/api"];

function isApiRequest(request: FastifyRequest): boolean {
  return API_PREFIXES.some((prefix) => request.url === prefix || request.url.startsWith(`${prefix}/`));
}

/**
 * State-changing calls need the CSRF token: the JSON APIs and the test gateway's browser endpoints
 * (same-origin JSON calls with the shop's session, see docs/decisions/008-payments.md). Forms posted
 * to pages carry the token in a field their route action checks (the age gate's, decision 056) or
 * sends on as the header (decision 052). The one exception is Stripe's webhook route: Stripe has no session or token, its Stripe-Signature header
 * is verified instead.
 */
function isCsrfProtected(request: FastifyRequest): boolean {
  if (request.method === "POST" && request.routeOptions.url === PAYMENT_WEBHOOK_PATH) return false;
  return isApiRequest(request) || request.url.startsWith(TEST_GATEWAY_PREFIX);
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const https = config.publicUrl.startsWith("https://");
  const secret = resolveSessionSecret(config.sessionSecret, config.dataDir);
  const shopProfiles = new ShopProfileService(database.db);
  const images = new ImageService(database.db);
  const catalog = new CatalogService(database, shopProfiles, config.hashidSalt);
  await catalog.startListening();
  const carts = new CartService(database.db, catalog);
  // Members' session lookups are kept 5 s in memory; every change to users or sessions, in any
  // process, forgets them (a trigger's NOTIFY, decision 044).
  const sessions = new SessionService(database.db, config.accounts.sessionTimeoutMinutes, 5_000);
  await database.listen(ACCOUNTS_CHANGED_CHANNEL, (payload) => sessions.forgetLookups(payload));
  const countries = new CountriesService();
  const postcodes = new PostcodesService();
  const addresses = new AddressService(database.db, countries, postcodes, shopProfiles);
  const addressBook = new AddressBookService(database.db, addresses, countries);

  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    // One access line per request (registerAccessLog) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (deps.onRoute) app.addHook("onRoute", deps.onRoute);
  // Writes declared with config.requestKey answer a resent request once (decision 049).
  const requestKeys = new RequestKeys(database.db);
  registerRequestKeys(app, { keys: requestKeys });
  registerAccessLog(app);

  const mailbox = new MailboxService(database.db);
  const mail = new MailService({
    db: database.db,
    shopProfiles,
    mailbox,
    log: app.log,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
  });
  mail.start();
  const afterAnswer = new AfterAnswer(app.log);
  // Before main.ts closes the database: work started after answers (which may queue mails) ends,
  // then the mail being sent finishes and the polling timer ends.
  app.addHook("onClose", async () => {
    await afterAnswer.settled();
    await mail.stop();
  });

  await app.register(cookie);
  // Answers rendered per request are compressed at levels chosen for speed; kept answers (pages,
  // the catalogue's bodies) carry their own compressed forms, made once (decision 066).
  await app.register(compress, {
    threshold: 1024,
    encodings: [...PER_REQUEST.encodings],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST.brotliQuality } },
    // gzip and deflate read the level, zstd its params.
    zlibOptions: { level: PER_REQUEST.zlibLevel, params: { [zlib.constants.ZSTD_c_compressionLevel]: PER_REQUEST.zstdLevel } } as zlib.ZlibOptions,
  });
  const kept = new KeptBodies();
  await registerSecurityHeaders(app, {
    https,
    trustProxy: config.trustProxy,
    contentSecurityPolicy: deps.pages !== "development",
    stripe: config.stripe !== undefined,
  });
  registerSessions(app, { secureCookies: https, sessions });
  registerLocale(app, { secureCookies: https });
  // The owner's IP allow-list (or KURA_ADMIN_ALLOW_IPS) before any route reads a back-office request (decision 063).
  const twoFactor = new StaffTwoFactor(database.db, { sessions }, secret);
  const backOfficeSecurity = new BackOfficeSecurity(database, { twoFactor }, config.adminAllowIps);
  await backOfficeSecurity.startListening();
  registerBackOfficeAllowList(app, backOfficeSecurity);
  registerAgeGate(app);
  registerCsrfProtection(app, { secret, isProtected: isCsrfProtected });
  registerInputGuard(app);
  // Routes declare their input as zod schemas (decision 029); these check it and shape the answers.
  app.setValidatorCompiler(validatorCompiler);
  // Answers are serialized with their routes' response schemas; outside production an answer with a key its schema does not name is refused (issue #30 item 2).
  app.setSerializerCompiler(answerSerializerCompiler({ checkDroppedKeys: !config.production || config.checkAnswerKeys }));
  registerErrorHandler(app);
  await registerRateLimits(app, { db: database.db, multiplier: config.rateLimitMultiplier });
  // Every write of the back office and every staff sign-in goes into the audit log (decision 065).
  const auditLog = new AuditLogService(database.db);
  registerAuditLog(app, { auditLog, db: database.db });

  registerHealthRoutes(app, { database });
  registerCatalogRoutes(app, { catalog, kept });
  registerImageRoutes(app, { images, isPublic: (imageId) => catalog.imageIsPublic(imageId), sessions });
  registerCartRoutes(app, { carts });
  const signInLock = new SignInLock(database.db, config.accounts, secret);
  const accounts = new AccountService(database.db, { sessions, mail, shopProfiles, carts, signInLock, afterAnswer }, { publicUrl: config.publicUrl });
  registerAccountRoutes(app, { accounts, secret, secureCookies: https });
  // The member hears of every change to their address and saved card (decision 064).
  const changeNotices = new ChangeNotices(database.db, { mail, shopProfiles }, { publicUrl: config.publicUrl });
  addresses.onChange((userId) => changeNotices.tell(userId, "addressChanged"));
  registerCountryRoutes(app, { countries });
  registerPostcodeRoutes(app, { postcodes });
  registerAddressRoutes(app, { addresses });
  registerAddressBookRoutes(app, { addressBook, addresses });
  registerSeoRoutes(app, { catalog, publicUrl: config.publicUrl, kept });
  if (mail.usesMailbox) registerMailboxRoutes(app, { mailbox, production: config.production, enabledInProduction: config.devMailbox });
  const inquiries = new InquiryService(database.db, { mail, shopProfiles }, { publicUrl: config.publicUrl });
  registerInquiryRoutes(app, { inquiries });
  const magazine = new MagazineService(database.db, { mail, shopProfiles }, { publicUrl: config.publicUrl, secret });
  registerMagazineRoutes(app, { magazine });
  // 再入荷のお知らせ (sent in throttled runs, each request closed as its mail is queued) and お気に入り (decision 083).
  const wishlist = new WishlistService(
    database.db,
    {
      mail,
      shopProfiles,
      catalog,
      catalogRead: new CatalogReadModel(database.db),
      exclusively: (name, work, options) => database.exclusively(name, work, options),
      log: app.log,
    },
    { publicUrl: config.publicUrl, secret },
  );
  registerWishlistRoutes(app, { wishlist });
  wishlist.start();
  app.addHook("onClose", async () => wishlist.stop());
  const { payments, cards, cardTesting } = await registerPayments(app, { config, db: database.db, secret });
  accounts.onCancel((member) => magazine.forgetMember(member));
  accounts.onCancel((member) => cards.remove(member.id, { quiet: true }));
  cards.onChange(({ userId, change, card }) => changeNotices.tell(userId, change === "saved" ? "cardSaved" : "cardRemoved", cardLabel(card)));
  registerCheckoutReferenceRoutes(app, { reference: new CheckoutReferenceService({ shopProfiles, catalog }) });
  const orders = new OrdersService(database.db, { catalog, shopProfiles });
  // Every status change of an order goes through here, with its side effects registered once.
  // 後払い's service (decision 080): the built-in test one until the trader has a contract with a real one.
  const deferredPayments = new TestDeferredPaymentService();
  // Coupons (decision 086): checked and booked in checkout's transaction, given back on cancellation.
  const coupons = new CouponsService(database.db, {
    catalogReads: new CatalogReadModel(database.db),
    birthday: { members: new BirthdayMembers(database.db), mail, shopProfiles, publicUrl: config.publicUrl },
  });
  // Member ranks (decision 090): each member's purchases over 12 months and rank, worked out again in
  // the transaction of every move, partial cancellation and return of their orders, and by a clock
  // job as purchases leave the window (the window moves once a Japan day, so only the day's first
  // run finds members to work out again). ranks.pointRate (rankPointRate) is the points module's PointRateFor.
  const ranks = new RanksService(database.db);
  const rankChanged = (tx: Parameters<RanksService["recalculate"]>[0], order: { userId: number | null }) =>
    order.userId === null ? Promise.resolve() : ranks.recalculate(tx, order.userId).then(() => undefined);
  // Points (decision 089): used at checkout, earned when paid or shipped, settled with every move;
  // the member's rate comes from their rank through one seam (PointRateFor), the base rate without one.
  const points = new PointsService(database.db, { rateFor: deps.pointRateFor ?? rankPointRate(ranks) });
  // The base rate is read for every page drawn (the cart drawer's 獲得予定ポイント) and changes a few
  // times a year: kept in memory. Saving the point settings calls catalog.changed(), whose
  // invalidation reaches this process and every other one, and drops it.
  let pointBaseRate: Promise<number> | undefined;
  const readPointBaseRate = (): Promise<number> =>
    (pointBaseRate ??= points.settings().then(
      (settings) => settings.baseRatePercent,
      (error: unknown) => {
        pointBaseRate = undefined;
        throw error;
      },
    ));
  catalog.onInvalidate(() => {
    pointBaseRate = undefined;
  });
  const pointsCatalog = new CatalogReadModel(database.db);
  registerPointRoutes(app, { points, productRateOf: (id) => pointsCatalog.pointRateOf(id), settingsChanged: () => catalog.changed() });
  // 抽選販売 (decision 084): lotteries hold their product; its winners' orders claim the win in placeOrder,
  // and a winner's cancelled order hands its bottles to the next drawn at once (decision 092).
  const lotteries = new LotteryService(database.db, { mail, shopProfiles, catalog, accounts, orders, carts }, { publicUrl: config.publicUrl });
  registerLotteryRoutes(app, { lotteries });
  // GET /api/rank also says the rate the member earns at (their rank's, or the base rate), the one figure the pages need.
  registerRankRoutes(app, { ranks, pointRateOf: (memberId) => points.memberRate(memberId) });
  // What every change of an order works with (the moves, partial cancellations and returns).
  const orderChangeServices: OrderChangeServices = { orders, catalog, mail, shopProfiles };
  const orderMoves = new OrderMoves(
    database.db,
    {
      ...orderChangeServices,
      paymentOnCancel: paymentOnCancelAtGateway(payments),
      deferredPayments,
      onCancelled: async (tx, orderId) => {
        await coupons.giveBack(tx, orderId);
        return lotteries.orderCancelled(tx, orderId);
      },
      onMemberOrderChanged: rankChanged,
      onMoved: (tx, move) => points.orderMoved(tx, move),
      pointsOf: (tx, orderId) => points.forMail(tx, orderId),
    },
    { publicUrl: config.publicUrl, receiptUrl: (publicId) => receiptPageUrl(config.publicUrl, secret, publicId) },
  );
  const orderPayments = new OrderPayments(
    { orders, moves: orderMoves, gateway: payments, carts, log: app.log, db: database.db },
    { publicUrl: config.publicUrl, voucherDays: config.paymentVoucherDays },
  );
  const stopPaymentEvents = payments.onPaymentEvent((event) => orderPayments.onPaymentEvent(event));
  // The service's notices: paid turns the payment paid (the order stays sent); overdue needs no
  // write, as the dashboard counts overdue invoices from the shipping date and the days to pay.
  deferredPayments.onNotice(async (notice) => {
    if (notice.kind !== "paid") return;
    const order = await orders.byPublicId(notice.orderPublicId);
    if (order) await orderMoves.paidLater({ order, actor: gatewayActor(`deferred:${notice.orderPublicId}`, "後払いの入金通知") });
  });
  const checkout = new CheckoutService(
    database.db,
    {
      orders,
      moves: orderMoves,
      payments: orderPayments,
      carts,
      cards,
      catalog,
      shopProfiles,
      addresses,
      accounts,
      cardTesting,
      deferredPayments,
      coupons,
      lotteries,
      points,
    },
    { reservationMinutes: config.checkoutReservationMinutes },
  );
  registerCheckoutRoutes(app, { checkout, destinationsUpload: new DestinationsUploadService({ catalog, addresses, shopProfiles }) });
  registerCouponRoutes(app, { coupons, carts, cartOwnerOf, standardRatePercent: async () => (await shopProfiles.profile()).terms.taxRatePercent });
  registerPaymentLinkRoutes(app, { paymentLinks: new PaymentLinkService({ orders, payments: orderPayments, cards, cardTesting }, { secret }) });
  // What each product takes in a box, for fees worked out again after checkout (decisions 074, 078).
  const parcelLinesOf: ParcelLinesOf = async (productIds, locale) =>
    new Map(
      [...(await catalog.purchasable(productIds, locale))].map(([id, product]) => [id, { shippingType: product.shippingType, volumeMl: product.volumeMl }]),
    );
  // Changes of an order before it ships (decision 074): the delivery wish by the member or staff, the recipient by staff.
  const orderChanges = new OrderChanges(
    database.db,
    {
      orders,
      mail,
      shopProfiles,
      parcelLinesOf,
      checkRecipient: async (input, locale) => {
        const form = await addresses.withPrefecture(input);
        const facts = await addresses.facts([form]);
        return validateRecipientForm(form, { locale, validateAddress: (address) => addresses.validate(address, locale, facts) });
      },
    },
    { publicUrl: config.publicUrl },
  );
  registerOrderRoutes(app, { orders, changes: orderChanges });
  const checkoutRequests = new CheckoutRequests(database.db);
  // The shop's clock jobs, each run by one process at a time (jobs/schedule.ts).
  scheduleClockJobs(app, database, [
    // Sessions nobody came back to for two weeks are removed.
    { name: "session-sweep", everyMs: 3_600_000, run: () => sessions.sweep() },
    // Card orders left waiting for 3-D Secure are cancelled (stock back) once their reservation runs
    // out, checkout's idempotency keys are forgotten after two days and other writes' request keys
    // after one (decision 049). At start too: a server that was killed and comes back releases
    // reservations that ran out while it was down at once, not a minute later.
    {
      name: "checkout-sweep",
      everyMs: 60_000,
      atStart: true,
      run: async () => {
        await orderPayments.sweepExpired();
        await checkoutRequests.purge(new Date(Date.now() - 2 * 86_400_000));
        await requestKeys.purge(new Date(Date.now() - 86_400_000));
      },
    },
    // The birthday coupons (decision 086): each member's coupon is keyed by the Japan year, so only
    // the first run of their month issues it.
    { name: "birthday-coupons", everyMs: 3_600_000, atStart: true, run: () => coupons.issueBirthdayCoupons(new Date()) },
    // 抽選販売 (decision 084): unbought wins past their deadline lapse and go to the next drawn.
    { name: "lottery-sweep", everyMs: 300_000, atStart: true, run: () => lotteries.sweep(new Date()) },
    // Member ranks (decision 090) as purchases leave the 12 months.
    { name: "member-ranks", everyMs: 3_600_000, atStart: true, run: () => ranks.sweep(new Date()) },
    // Points past their expiry (decision 089), Japan time.
    { name: "points-expiry", everyMs: 3_600_000, atStart: true, run: () => points.expire(new Date()) },
  ]);
  app.addHook("onClose", async () => stopPaymentEvents());

  const staff = new StaffService(database.db, { sessions, signInLock, twoFactor });
  const staffUnlock = new StaffUnlock(database.db, { signInLock, mail, shopProfiles, afterAnswer }, { publicUrl: config.publicUrl, secret });
  registerAdminSessionRoutes(app, { staff, staffUnlock, sessions, twoFactor, security: backOfficeSecurity, shopProfiles, secret, secureCookies: https });
  const adjustments = new OrderAdjustments(database.db, { orders, mail, shopProfiles }, { publicUrl: config.publicUrl });
  // Lines lowered or removed before shipping (decision 078): refunded at the gateway, mailed, stock and ledger back.
  const partialCancellations = new OrderPartialCancellations(
    database.db,
    {
      ...orderChangeServices,
      gateway: payments,
      parcelLinesOf,
      onMemberOrderChanged: rankChanged,
      onPartlyCancelled: (tx, orderId, goods) => points.partlyCancelled(tx, orderId, goods),
    },
    { publicUrl: config.publicUrl },
  );
  const adminOrders = new AdminOrdersService({
    orders,
    moves: orderMoves,
    adjustments,
    changes: orderChanges,
    partialCancellations,
    paymentLinks: new OrderPaymentLinks(database.db, { orders, mail, shopProfiles }, { publicUrl: config.publicUrl }),
    paymentLinkFor: (publicId) => paymentLinkFor(config.publicUrl, secret, publicId),
    staffNames: (ids) => staffEmailsOf(database.db, ids),
  });
  // Orders entered by staff (decision 081): placed as checkout places them (order-placement.ts).
  const staffOrders = new StaffOrdersService(database.db, {
    orders,
    moves: orderMoves,
    accounts,
    deferredPayments,
    lotteries,
    points,
    catalog,
    shopProfiles,
    addresses,
    members: accounts,
  });
  registerStaffOrderRoutes(app, { staffOrders, adminOrders });
  registerAdminOrderRoutes(app, { adminOrders, dashboard: new DashboardService(database.db, shopProfiles), charts: new DashboardChartsService(database.db) });
  // Long work runs as jobs in every process's worker, each job taken by one (decision 069).
  const jobs = new JobsService(database.db, { log: app.log, ...(deps.jobThreshold === undefined ? {} : { threshold: deps.jobThreshold }) });
  const issuedData = new IssuedDataImportService({ orders, adminOrders });
  const bulkMoves = new BulkMovesService({ orders, adminOrders });
  jobs.register("bulk_deposit", (item, { locale, staffId }) => bulkMoves.one("deposit", item as BulkItem, locale, staffActor(staffId)));
  jobs.register("bulk_ship", (item, { locale, staffId }) => bulkMoves.one("ship", item as BulkItem, locale, staffActor(staffId)));
  jobs.register("issued_data", async (item, { position, locale, staffId }) => {
    const [row] = (await issuedData.confirm([item as ShipmentToConfirm], locale, staffActor(staffId))).rows;
    return { ...row!, line: position + 1 };
  });
  jobs.start();
  app.addHook("onClose", async () => jobs.stop());
  registerIssuedDataRoutes(app, { issuedData, jobs });
  registerBulkMoveRoutes(app, { bulkMoves, jobs });
  registerJobRoutes(app, { jobs });
  const documents = new DocumentsService(database.db, { orders, shopProfiles });
  registerDocumentRoutes(app, { documents, secret });
  const records = new TransactionRecords(database.db);
  registerRecordRoutes(app, { records });
  const orderReturns = new OrderReturns(
    database.db,
    {
      ...orderChangeServices,
      gateway: payments,
      records,
      onMemberOrderChanged: rankChanged,
      onReturned: (tx, orderId, goods, reason) => points.returned(tx, orderId, goods, reason),
    },
    {
      publicUrl: config.publicUrl,
      // A member opens it signed in (as their receipts); a guest through the signed link their receipt uses.
      invoiceUrl: (order, number) =>
        order.userId === null
          ? `${config.publicUrl}/api/returns/invoice?token=${encodeURIComponent(receiptToken(secret, order.publicId))}&number=${number}`
          : `${config.publicUrl}/api/orders/${order.publicId}/returns/${number}/invoice`,
    },
  );
  registerOrderReturnRoutes(app, { returns: orderReturns, secret });
  await registerAdminCatalogue(app, { db: database.db, catalog, images });
  registerAdminReportRoutes(app, { liquorReports: new LiquorReportService(database.db) });
  registerLiquorBookRoutes(app, {
    ledger: new StockLedgerService({ catalog }),
    books: new LiquorBooksService(database.db),
    records: new LiquorBookRecordsService(catalog.writeDatabase()),
  });
  registerAdminMagazineRoutes(app, { magazine });
  await registerAdminOperations(app, {
    database,
    orders,
    catalog,
    shopProfiles,
    mail,
    accounts,
    sessions,
    staff,
    publicUrl: config.publicUrl,
    unlockAfterMinutes: config.accounts.unlockAfterMinutes,
    ranks,
  });

  // Unknown API paths answer JSON in the request's locale instead of falling through to the pages.
  for (const prefix of API_PREFIXES) {
    app.all(`${prefix}/*`, async (request, reply) => reply.status(404).send({ errors: [message("apiNotFound", request.locale)] }));
  }

  app.get("/favicon.ico", async (_request, reply) => reply.redirect("/favicon.svg", 301));

  if (deps.pages !== "none") {
    // Catalogue pages are rendered once per catalogue version for guests and once for members (see
    // page-cache.ts); the development server always renders, so an edited component shows at once.
    const pageCache = deps.pages === "production" ? new PageCache((request) => csrfTokenFor(request.sessionId, secret)) : null;
    if (pageCache) {
      catalog.onInvalidate(() => pageCache.invalidate());
      catalog.onAvailabilityChange((productIds) => pageCache.dropShowing(productIds));
    }
    const buildDirectory = path.resolve("build");
    const dictionaries = deps.pages === "production" ? dictionaryHrefs(buildDirectory) : null;
    const stylesheetText = deps.pages === "production" ? stylesheetTexts(buildDirectory) : undefined;
    app.decorateRequest("pageCacheKey", null);
    // Development: Vite serves the sources (modules, HMR over this server's socket) and renders
    // through its module runner; production: the build, imported once here.
    let devServer: ViteDevServer | undefined;
    if (deps.pages === "development") {
      const { createServer } = await import("vite");
      const vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } } });
      devServer = vite;
      await app.register(middie);
      app.use(vite.middlewares);
      app.addHook("onClose", async () => vite.close());
    }
    const build = devServer ? undefined : ((await import(pathToFileURL(path.join(buildDirectory, "server", "index.js")).href)) as ServerBuild);
    await app.register(fastifyReactRouter, {
      devServer,
      build,
      mode: deps.pages,
      clientBuildDirectory: path.join(buildDirectory, "client"),
      // The build's .vite/manifest.json (read above) is the server's, not the public's. Scripts and
      // styles are served as the build compressed them (.br, .gz beside each file, decision 066).
      staticOptions: {
        serveDotFiles: false,
        dotfiles: "deny",
        preCompressed: true,
        globIgnore: ["**/*.br", "**/*.gz"],
        setHeaders(response: { setHeader(name: string, value: string): unknown }, filePath: string) {
          // As @mcansh/react-router-fastify's own (which these options replace): hashed assets for a year.
          const isAsset = filePath.startsWith(path.join(buildDirectory, "client", "assets"));
          response.setHeader("cache-control", isAsset ? "public, max-age=31536000, immutable" : "public, max-age=3600");
          if (isPrecompressible(filePath)) response.setHeader("vary", "accept-encoding");
        },
      },
      ...(pageCache ? { routeOptions: { preHandler: async (request, reply) => pageCache.serve(request, reply) } } : {}),
      getLoadContext: async (request, reply) => {
        // A page kept for other visitors notes which products' availability it shows.
        const reads = new AvailabilityReads();
        const capture = pageCache?.capture(request, reply, reads);
        const page: PageContext = {
          locale: request.locale,
          ageConfirmed: request.ageConfirmed,
          csrfToken: csrfTokenFor(request.sessionId, secret),
          nonce: reply.cspNonce?.script ?? "",
          user: request.user,
          visitor: { user: request.user, json: visitorJson(request.user) },
          // A kept page is rendered with placeholders (and a stand-in member), never the visitor's own.
          ...capture,
          shop: await shopProfiles.profile(),
          sessionExpired: request.sessionExpired,
          publicUrl: config.publicUrl,
          catalog: capture ? catalog.recordingReader(reads) : catalog,
          payments: payments.browserConfig,
          deliveryCalendar: () => deliveryCalendarInput(new Date()),
          cart: async () => (capture ? [] : carts.items(cartOwnerOf(request), request.locale)),
          pointBaseRate: readPointBaseRate,
          // Forms posted without JavaScript run the API route the page's script would have called (decision 052).
          api: apiAsVisitor(app, request),
          ...(dictionaries ? { dictionaryHref: dictionaries[request.locale] } : {}),
          ...(stylesheetText ? { stylesheetText } : {}),
        };
        return new RouterContextProvider(new Map([[pageContext, page]]));
      },
    });
  }

  app.decorate("services", {
    afterAnswer,
    catalog,
    images,
    shopProfiles,
    carts,
    mail,
    mailbox,
    inquiries,
    magazine,
    wishlist,
    payments,
    cards,
    orders,
    orderMoves,
    orderPayments,
    deferredPayments,
    checkoutRequests,
    staff,
    adminOrders,
    documents,
    records,
    sessions,
    twoFactor,
    backOfficeSecurity,
    jobs,
    coupons,
    lotteries,
    ranks,
    points,
  });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's services, for tests and commands that need them beside HTTP. */
    services: {
      /** Work requests started without waiting for it (account mails that must not slow the answer). */
      afterAnswer: AfterAnswer;
      catalog: CatalogService;
      images: ImageService;
      shopProfiles: ShopProfileService;
      carts: CartService;
      mail: MailService;
      mailbox: MailboxService;
      inquiries: InquiryService;
      magazine: MagazineService;
      wishlist: WishlistService;
      /** The payment gateway the checkout charges through (Stripe or the built-in test gateway). */
      payments: PaymentGateway;
      cards: CardsService;
      orders: OrdersService;
      /** Every status change of an order, its side effects and its history. */
      orderMoves: OrderMoves;
      /** Card orders' payments: settling, the gateway's events, the sweep of expired reservations. */
      orderPayments: OrderPayments;
      /** 後払い's service (decision 080): the test one, whose settle / markOverdue stand in for a real service's notices. */
      deferredPayments: TestDeferredPaymentService;
      checkoutRequests: CheckoutRequests;
      /** Back-office accounts (sign-in, `npm run admin:create`). */
      staff: StaffService;
      adminOrders: AdminOrdersService;
      /** Delivery notes and receipts (PDF). */
      documents: DocumentsService;
      /** Kept transaction records (電子帳簿保存法 §7, decision 062). */
      records: TransactionRecords;
      sessions: SessionService;
      /** Staff second factors (decision 063). */
      twoFactor: StaffTwoFactor;
      /** 抽選販売 (decision 084): its sweep of deadlines, for tests and a job. */
      lotteries: LotteryService;
      ranks: RanksService;
      /** The owner's IP allow-list and two-factor rule. */
      backOfficeSecurity: BackOfficeSecurity;
      /** Long back-office work and its worker (decision 069). */
      jobs: JobsService;
      coupons: CouponsService;
      points: PointsService;
    };
  }
}
