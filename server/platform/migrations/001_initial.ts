// The first schema. Portable SQL: booleans are integers 0/1, instants ISO-8601 text.
import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

type Table = CreateTableBuilder<string, never>;

/**
 * Ids are never reused: SQLite's AUTOINCREMENT (PostgreSQL's identity) keeps a deleted user's id
 * from going to a new account, where a still-valid token with the same `sub` could sign in.
 */
export function withId(db: Kysely<unknown>, table: Table): Table {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
  );
}

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('firstName', 'text', text)
    .addColumn('lastName', 'text', text)
    .addColumn('phoneNumber', 'text', (c) => c.notNull().unique())
    .addColumn('emailAddress', 'text', text)
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('isLockout', 'integer', flag)
    .addColumn('lastLogin', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('tokenVersion', 'integer', flag)
    .execute();
  // Email is optional but signs in, so two accounts may not share a non-empty one.
  await db.schema
    .createIndex('users_email_unique')
    .on('users')
    .column('emailAddress')
    .unique()
    .where((eb) => eb('emailAddress', '<>', ''))
    .execute();

  await withId(db, db.schema.createTable('categories'))
    .addColumn('name', 'text', text)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('inActive', 'integer', flag)
    .addColumn('coverImage', 'text', text)
    .execute();

  await withId(db, db.schema.createTable('teachers'))
    .addColumn('fullName', 'text', text)
    .addColumn('skill', 'text', text)
    .addColumn('descirption', 'text', text)
    .addColumn('coverImage', 'text', text)
    .execute();

  // techerId and categoryId are 0 for "none" (the contract says so), so they cannot be foreign
  // keys; deleting a teacher or category still in use is refused by the CRUD instead.
  await withId(db, db.schema.createTable('courses'))
    .addColumn('title', 'text', text)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('durationInHours', 'real', flag)
    .addColumn('timeOfHolding', 'text')
    .addColumn('registrationDeadline', 'text')
    .addColumn('priceInTomans', 'bigint', flag)
    .addColumn('description', 'text', text)
    .addColumn('coverImage', 'text', text)
    .addColumn('coverVideo', 'text', text)
    .addColumn('headings', 'text', text)
    .addColumn('prerequisite', 'text', text)
    .addColumn('techerId', 'integer', flag)
    .addColumn('categoryId', 'integer', flag)
    .addColumn('difficulty', 'text', text)
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('online'))
    .addColumn('inActive', 'integer', flag)
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courses_category').on('courses').column('categoryId').execute();

  await withId(db, db.schema.createTable('articles'))
    .addColumn('author', 'text', text)
    .addColumn('name', 'text', text)
    .addColumn('body', 'text', text)
    .addColumn('image', 'text', text)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('children'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('firstName', 'text', text)
    .addColumn('lastName', 'text', text)
    .addColumn('birthDate', 'text')
    .addColumn('grade', 'text', text)
    .execute();
  await db.schema.createIndex('children_user').on('children').column('userId').execute();

  await withId(db, db.schema.createTable('cart_items'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('childId', 'integer', (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('courseId', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('cart_items_child_course', ['childId', 'courseId'])
    .execute();
  await db.schema.createIndex('cart_items_user').on('cart_items').column('userId').execute();

  await withId(db, db.schema.createTable('orders'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('totalInTomans', 'bigint', flag)
    .addColumn('authority', 'text', (c) => c.unique())
    .addColumn('refId', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('paidAt', 'text')
    .execute();
  await db.schema.createIndex('orders_user').on('orders').column('userId').execute();

  // Order items are a snapshot (names and price at checkout), so they keep no foreign key to the
  // child or course: the history stays readable after either is deleted.
  await withId(db, db.schema.createTable('order_items'))
    .addColumn('orderId', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('childId', 'integer', (c) => c.notNull())
    .addColumn('courseId', 'integer', (c) => c.notNull())
    .addColumn('priceInTomans', 'bigint', flag)
    .addColumn('childName', 'text', text)
    .addColumn('courseTitle', 'text', text)
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('orderId').execute();

  // A course with enrolments cannot be deleted (restrict); a deleted child takes its enrolments.
  await withId(db, db.schema.createTable('enrollments'))
    .addColumn('childId', 'integer', (c) => c.notNull().references('children.id').onDelete('cascade'))
    .addColumn('courseId', 'integer', (c) => c.notNull().references('courses.id').onDelete('restrict'))
    .addColumn('orderId', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('enrolledAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('enrollments_child_course', ['childId', 'courseId'])
    .execute();

  await withId(db, db.schema.createTable('contact_messages'))
    .addColumn('fullName', 'text', text)
    .addColumn('phoneNumber', 'text', text)
    .addColumn('emailAddress', 'text', text)
    .addColumn('message', 'text', text)
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();

  // Failed sign-ins and contact posts, per bucket ("account:…", "ip:…", "contact:…"). Kept in the
  // database rather than in memory so limits hold across restarts and across several API
  // processes sharing one database (the scale-out plan).
  await withId(db, db.schema.createTable('login_attempts'))
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_bucket_at').on('login_attempts').columns(['bucket', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_attempts',
    'contact_messages',
    'enrollments',
    'order_items',
    'orders',
    'cart_items',
    'children',
    'articles',
    'courses',
    'teachers',
    'categories',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
