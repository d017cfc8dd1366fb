/**
 * The name of every write of the back office, in one place (decision 065): the audit log records
 * each write under its route's action and target, so no service has to remember to. A write route
 * missing here is still recorded (as its method and path) and audit-log.test.ts fails until it is
 * named. `target` is the kind of record the path's `param` (or, for a creation, the answer's id) names.
 */
export interface AuditAction {
  action: string;
  target?: { kind: string; param?: string };
}

/** A write to the record of `kind` the path's `param` names. */
const record = (action: string, kind: string, param = "id"): AuditAction => ({ action, target: { kind, param } });
const order = (action: string): AuditAction => record(action, "order");
const product = (action: string): AuditAction => record(action, "product");
/** A creation: the answer's id names the new record. */
const created = (action: string, kind: string): AuditAction => ({ action, target: { kind } });
/** A change of the shop's or back office's settings, which have no id. */
const settings = (action: string): AuditAction => ({ action, target: { kind: "settings" } });

export const AUDIT_ACTIONS: Readonly<Record<string, AuditAction>> = {
  "POST /admin/api/session": { action: "staff.sign_in" },
  "POST /admin/api/session/code": { action: "staff.sign_in" },
  // Two-step verification and the back office's access rules (decision 063).
  "POST /admin/api/two-factor/setup": { action: "staff.two_factor_setup" },
  "POST /admin/api/two-factor/confirm": { action: "staff.two_factor_enable" },
  "POST /admin/api/staff/:id/two-factor/reset": record("staff.two_factor_reset", "staff"),
  "PUT /admin/api/security": settings("settings.security_update"),
  "DELETE /admin/api/session": { action: "staff.sign_out" },
  // Order moves; cancelling a card order refunds it at the gateway (order-cancel-payment.ts).
  // An order entered by staff (phone, FAX, in the shop; decision 081): its target is the order it created.
  "POST /admin/api/orders": created("order.staff_create", "order"),
  "POST /admin/api/orders/:id/deposit": order("order.deposit"),
  "POST /admin/api/orders/:id/ship": order("order.ship"),
  // One parcel of several shipped on its own (decision 091).
  "POST /admin/api/orders/:id/shipments/:number/ship": order("order.ship_parcel"),
  "POST /admin/api/orders/:id/slip": order("order.slip_correct"),
  // One parcel's slip corrected, whichever it is (decision 097).
  "POST /admin/api/orders/:id/shipments/:number/slip": order("order.parcel_slip_correct"),
  "POST /admin/api/orders/:id/cancel": order("order.cancel_and_refund"),
  // A shipped 後払い order's invoice paid, confirmed by staff (decision 080).
  "POST /admin/api/orders/:id/deferred-paid": order("order.deferred_paid"),
  // A card payment link mailed for a card order awaiting payment (decision 082).
  "POST /admin/api/orders/:id/payment-link": order("order.payment_link"),
  // A discount or correction line: the order's total changes and the shopper is mailed (decision 070).
  "POST /admin/api/orders/:id/adjustments": order("order.adjust"),
  // Coupons (decision 086): a code created or its rule changed.
  "POST /admin/api/coupons": created("coupon.create", "coupon"),
  "PATCH /admin/api/coupons/:id": record("coupon.update", "coupon"),
  // Member ranks (decision 090): the trader's ranks saved as a whole.
  "PUT /admin/api/ranks": settings("rank.update"),
  "PUT /admin/api/coupons/birthday": settings("coupon.birthday_update"),
  // Points (decision 089): the trader's rule, and a member's points granted or removed with a reason.
  "PUT /admin/api/points/settings": settings("points.settings_update"),
  "POST /admin/api/members/:id/points": record("points.adjust", "member"),
  // A return after shipping: refunds at the gateway or records a bank refund, books the ledger (decision 079).
  "POST /admin/api/orders/:id/returns": order("order.return"),
  "POST /admin/api/orders/:id/returns/:number/refunded": order("order.return_refunded"),
  "POST /admin/api/orders/:id/receipt": order("order.receipt_issue"),
  // A line lowered or removed before shipping: refunded or repriced, stock back, the shopper mailed (decision 078).
  "POST /admin/api/orders/:id/lines": order("order.partial_cancel"),
  // Changes before shipping (decision 074): the shopper is mailed; a recipient's new fee changes the total.
  "POST /admin/api/orders/:id/delivery": order("order.delivery_change"),
  "POST /admin/api/orders/:id/recipient": order("order.recipient_change"),
  "POST /admin/api/orders/:id/gift": order("order.gift_change"),
  // The carrier's issued-data file (decision 067): the preview reads, the upload ships each order it matches.
  "POST /admin/api/shipments/issued-data/preview": { action: "shipments.issued_data_preview" },
  "POST /admin/api/shipments/issued-data": { action: "shipments.issued_data_ship" },
  // The order list's bulk moves (decision 069): each order moved through its own move.
  "POST /admin/api/orders/bulk": { action: "order.bulk_move" },
  // Catalogue.
  "POST /admin/api/direct_uploads": created("upload.create", "upload"),
  "PUT /admin/api/direct_uploads/:key": record("upload.store", "upload", "key"),
  "POST /admin/api/products": created("product.create", "product"),
  "PATCH /admin/api/products/:id": product("product.update"),
  "POST /admin/api/products/:id/images": product("product.image_add"),
  "PUT /admin/api/products/:id/images": product("product.images_update"),
  "POST /admin/api/exhibits": created("exhibit.create", "exhibit"),
  "PATCH /admin/api/exhibits/:id": record("exhibit.update", "exhibit"),
  "DELETE /admin/api/exhibits/:id": record("exhibit.delete", "exhibit"),
  "POST /admin/api/exhibits/:id/images": record("exhibit.image_add", "exhibit"),
  "PUT /admin/api/exhibits/:id/images": record("exhibit.images_update", "exhibit"),
  "POST /admin/api/series": created("series.create", "series"),
  "PATCH /admin/api/series/:id": record("series.update", "series"),
  "DELETE /admin/api/series/:id": record("series.delete", "series"),
  "POST /admin/api/liquor_types": created("liquor_type.create", "liquor_type"),
  "PATCH /admin/api/liquor_types/:key": record("liquor_type.update", "liquor_type", "key"),
  "DELETE /admin/api/liquor_types/:key": record("liquor_type.delete", "liquor_type", "key"),
  // Stock.
  "POST /admin/api/products/:id/restock": product("stock.restock"),
  "POST /admin/api/products/:id/receivings": product("stock.receiving"),
  "POST /admin/api/products/:id/adjustments": product("stock.adjustment"),
  // The liquor books (decision 061).
  "POST /admin/api/suppliers": created("supplier.create", "supplier"),
  "PATCH /admin/api/suppliers/:id": record("supplier.update", "supplier"),
  "DELETE /admin/api/suppliers/:id": record("supplier.delete", "supplier"),
  "POST /admin/api/ledger/stock-takes": created("ledger.stock_take", "stock_take"),
  "DELETE /admin/api/ledger/stock-takes/:id": record("ledger.stock_take_delete", "stock_take"),
  "DELETE /admin/api/ledger/moves/:id": record("ledger.move_delete", "ledger_move"),
  // Customers and mail.
  "POST /admin/api/magazine/issues": created("magazine.send", "magazine_issue"),
  "POST /admin/api/inquiries/:id/handled": record("inquiry.handled", "inquiry"),
  "POST /admin/api/inquiries/:id/replies": record("inquiry.reply", "inquiry"),
  "POST /admin/api/members/:id/lock": record("member.lock", "member"),
  "POST /admin/api/members/:id/unlock": record("member.unlock", "member"),
  "POST /admin/api/members/:id/confirmation": record("member.confirmation_resend", "member"),
  // 抽選販売 (decision 084).
  "POST /admin/api/lotteries": created("lottery.create", "lottery"),
  "POST /admin/api/lotteries/:id/draw": record("lottery.draw", "lottery"),
  "POST /admin/api/lotteries/sweep": { action: "lottery.sweep" },
  // The shop and its staff.
  "POST /admin/api/settings": settings("settings.update"),
  "POST /admin/api/staff": created("staff.create", "staff"),
  "DELETE /admin/api/staff/:id": record("staff.remove", "staff"),
};

/** Writes of /admin/api that are not the staff's own (no staff is signed in) and so are not staff actions. */
export const NOT_STAFF_ACTIONS: ReadonlySet<string> = new Set(["POST /admin/api/unlock"]);

export function auditActionOf(method: string, route: string): AuditAction {
  return AUDIT_ACTIONS[`${method} ${route}`] ?? { action: `${method} ${route}` };
}
