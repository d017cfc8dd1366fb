import type { UserResource } from "../../domain/account.ts";

/**
 * A signed-in member as the session gives it to the pages, without a database: for tests of what
 * is drawn or kept per member (the page cache, kept encodings). The e-mail and phone follow from
 * the id and name, so two members differ wherever a page could show them.
 */
export function memberResource(id: number, name: string): UserResource {
  return {
    id,
    email: `${name.toLowerCase()}@example.com`,
    user_name: name,
    tel: `090${id}`.padEnd(11, "0"),
    birth_date: "1980-01-02",
    birthday_coupon: false,
    unconfirmed_email: null,
  };
}
