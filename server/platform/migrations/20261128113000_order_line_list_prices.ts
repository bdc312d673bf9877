// order_items.listPriceInTomans: the sample data wrote its lines without it, so their «قیمت» read
// «۰ تومان» on the order's page. A line's list price is what it was charged plus its discounts
// (how checkout writes it), and no line charged something off a list price of nothing: each such
// line gets that sum. Every line written since states its list price (no longer defaulted).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ref = (name: string) => sql.ref(name);
  await sql`update ${sql.table('order_items')}
    set ${ref('listPriceInTomans')} = ${ref('priceInTomans')} + ${ref('earlyBirdDiscountInTomans')} + ${ref('siblingDiscountInTomans')} + ${ref('couponDiscountInTomans')}
    where ${ref('listPriceInTomans')} = 0 and ${ref('priceInTomans')} > 0`.execute(db);
}

// The sums are right whichever way: nothing to undo.
export async function down(): Promise<void> {}
