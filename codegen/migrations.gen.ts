// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
// The history of the entity tables: each migration was generated when a schema file changed
// (codegen compares the files with the snapshot below) and is applied once, in order, on start.
import type { SchemaMigration, SchemaSnapshot } from './migration-steps';

export const schemaMigrations: readonly SchemaMigration[] = [
  {
    "name": "g001_alter_6_tables",
    "steps": [
      {"op":"addColumn","table":"articles","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
      {"op":"addColumn","table":"categories","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
      {"op":"createIndex","table":"courses","column":"techerId","name":"courses_techerId_idx"},
      {"op":"dropIndex","table":"courses","name":"courses_category"},
      {"op":"createIndex","table":"courses","column":"categoryId","name":"courses_categoryId_idx"},
      {"op":"addColumn","table":"courses","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
      {"op":"addColumn","table":"contact_messages","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
      {"op":"addColumn","table":"teachers","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
      {"op":"addColumn","table":"users","column":"version","spec":{"type":"integer","notNull":true,"default":1}}
    ]
  },
  {
    "name": "g002_alter_contact_messages",
    "steps": [
      {"op":"addColumn","table":"contact_messages","column":"status","spec":{"type":"text","notNull":true,"default":"new"}},
      {"op":"addColumn","table":"contact_messages","column":"note","spec":{"type":"text","notNull":true,"default":""}}
    ]
  },
  {
    "name": "g003_create_class_sessions_course_slots_alter_courses",
    "steps": [
      {"op":"createTable","table":"class_sessions","columns":{"courseId":{"type":"integer","notNull":true,"default":0,"index":"class_sessions_courseId_idx"},"date":{"type":"text","notNull":false},"startTime":{"type":"text","notNull":true,"default":"07:00"},"endTime":{"type":"text","notNull":true,"default":"07:00"},"status":{"type":"text","notNull":true,"default":"scheduled"},"movedFrom":{"type":"text","notNull":false},"room":{"type":"text","notNull":true,"default":""},"note":{"type":"text","notNull":true,"default":""},"version":{"type":"integer","notNull":true,"default":1}}},
      {"op":"createTable","table":"course_slots","columns":{"courseId":{"type":"integer","notNull":true,"default":0,"index":"course_slots_courseId_idx"},"weekday":{"type":"integer","notNull":true,"default":0},"startTime":{"type":"text","notNull":true,"default":"07:00"},"endTime":{"type":"text","notNull":true,"default":"07:00"},"version":{"type":"integer","notNull":true,"default":1}}},
      {"op":"addColumn","table":"courses","column":"lastSessionDate","spec":{"type":"text","notNull":false}},
      {"op":"addColumn","table":"courses","column":"ageMin","spec":{"type":"integer","notNull":true,"default":0}},
      {"op":"addColumn","table":"courses","column":"ageMax","spec":{"type":"integer","notNull":true,"default":0}},
      {"op":"addColumn","table":"courses","column":"capacity","spec":{"type":"integer","notNull":true,"default":0}},
      {"op":"addColumn","table":"courses","column":"address","spec":{"type":"text","notNull":true,"default":""}},
      {"op":"addColumn","table":"courses","column":"room","spec":{"type":"text","notNull":true,"default":""}},
      {"op":"addColumn","table":"courses","column":"classLink","spec":{"type":"text","notNull":true,"default":""}}
    ]
  },
  {
    "name": "g004_create_holidays_alter_class_sessions",
    "steps": [
      {"op":"addColumn","table":"class_sessions","column":"origin","spec":{"type":"text","notNull":true,"default":"manual"}},
      {"op":"createTable","table":"holidays","columns":{"date":{"type":"text","notNull":false},"title":{"type":"text","notNull":true,"default":""},"version":{"type":"integer","notNull":true,"default":1}}}
    ]
  },
  {
    "name": "g005_alter_teachers",
    "steps": [
      {"op":"addColumn","table":"teachers","column":"slug","spec":{"type":"text","notNull":true,"default":"","unique":true},"fillSlugFrom":"fullName"}
    ]
  },
  {
    "name": "g006_create_coupons_sibling_discounts_alter_courses",
    "steps": [
      {"op":"createTable","table":"coupons","columns":{"code":{"type":"text","notNull":true,"default":""},"kind":{"type":"text","notNull":true,"default":"percent"},"percent":{"type":"integer","notNull":true,"default":0},"amountInTomans":{"type":"bigint","notNull":true,"default":0},"categoryId":{"type":"integer","notNull":true,"default":0,"index":"coupons_categoryId_idx"},"courseId":{"type":"integer","notNull":true,"default":0,"index":"coupons_courseId_idx"},"validFrom":{"type":"text","notNull":false},"validUntil":{"type":"text","notNull":false},"maxUses":{"type":"bigint","notNull":true,"default":0},"maxUsesPerLearner":{"type":"bigint","notNull":true,"default":0},"inActive":{"type":"integer","notNull":true,"default":0},"version":{"type":"integer","notNull":true,"default":1}}},
      {"op":"addColumn","table":"courses","column":"earlyBirdPriceInTomans","spec":{"type":"bigint","notNull":true,"default":0}},
      {"op":"addColumn","table":"courses","column":"earlyBirdUntil","spec":{"type":"text","notNull":false}},
      {"op":"createTable","table":"sibling_discounts","columns":{"fromChild":{"type":"integer","notNull":true,"default":2},"percent":{"type":"integer","notNull":true,"default":10},"inActive":{"type":"integer","notNull":true,"default":0},"version":{"type":"integer","notNull":true,"default":1}}}
    ]
  }
];

export const schemaSnapshot: SchemaSnapshot = {
  "tables": {
    "articles": {
      "author": {"type":"text","notNull":true,"default":""},
      "name": {"type":"text","notNull":true,"default":""},
      "body": {"type":"text","notNull":true,"default":""},
      "image": {"type":"text","notNull":true,"default":""},
      "createdAt": {"type":"text","notNull":false},
      "slug": {"type":"text","notNull":true,"default":"","unique":true},
      "version": {"type":"integer","notNull":true,"default":1}
    },
    "categories": {
      "name": {"type":"text","notNull":true,"default":""},
      "inActive": {"type":"integer","notNull":true,"default":0},
      "coverImage": {"type":"text","notNull":true,"default":""},
      "slug": {"type":"text","notNull":true,"default":"","unique":true},
      "version": {"type":"integer","notNull":true,"default":1}
    },
    "class_sessions": {
      "courseId": {"type":"integer","notNull":true,"default":0,"index":"class_sessions_courseId_idx"},
      "date": {"type":"text","notNull":false},
      "startTime": {"type":"text","notNull":true,"default":"07:00"},
      "endTime": {"type":"text","notNull":true,"default":"07:00"},
      "status": {"type":"text","notNull":true,"default":"scheduled"},
      "movedFrom": {"type":"text","notNull":false},
      "room": {"type":"text","notNull":true,"default":""},
      "note": {"type":"text","notNull":true,"default":""},
      "origin": {"type":"text","notNull":true,"default":"manual"},
      "version": {"type":"integer","notNull":true,"default":1}
    },
    "coupons": {
      "code": {"type":"text","notNull":true,"default":""},
      "kind": {"type":"text","notNull":true,"default":"percent"},
      "percent": {"type":"integer","notNull":true,"default":0},
      "amountInTomans": {"type":"bigint","notNull":true,"default":0},
      "categoryId": {"type":"integer","notNull":true,"default":0,"index":"coupons_categoryId_idx"},
      "courseId": {"type":"integer","notNull":true,"default":0,"index":"coupons_courseId_idx"},
      "validFrom": {"type":"text","notNull":false},
      "validUntil": {"type":"text","notNull":false},
      "maxUses": {"type":"bigint","notNull":true,"default":0},
      "maxUsesPerLearner": {"type":"bigint","notNull":true,"default":0},
      "inActive": {"type":"integer","notNull":true,"default":0},
      "version": {"type":"integer","notNull":true,"default":1}
    },
    "course_slots": {
      "courseId": {"type":"integer","notNull":true,"default":0,"index":"course_slots_courseId_idx"},
      "weekday": {"type":"integer","notNull":true,"default":0},
      "startTime": {"type":"text","notNull":true,"default":"07:00"},
      "endTime": {"type":"text","notNull":true,"default":"07:00"},
      "version": {"type":"integer","notNull":true,"default":1}
    },
    "courses": {
      "title": {"type":"text","notNull":true,"default":""},
      "durationInHours": {"type":"real","notNull":true,"default":0},
      "timeOfHolding": {"type":"text","notNull":false},
      "lastSessionDate": {"type":"text","notNull":false},
      "registrationDeadline": {"type":"text","notNull":false},
      "priceInTomans": {"type":"bigint","notNull":true,"default":0},
      "earlyBirdPriceInTomans": {"type":"bigint","notNull":true,"default":0},
      "earlyBirdUntil": {"type":"text","notNull":false},
      "type": {"type":"text","notNull":true,"default":"online"},
      "inActive": {"type":"integer","notNull":true,"default":0},
      "difficulty": {"type":"text","notNull":true,"default":""},
      "techerId": {"type":"integer","notNull":true,"default":0,"index":"courses_techerId_idx"},
      "categoryId": {"type":"integer","notNull":true,"default":0,"index":"courses_categoryId_idx"},
      "prerequisite": {"type":"text","notNull":true,"default":""},
      "ageMin": {"type":"integer","notNull":true,"default":0},
      "ageMax": {"type":"integer","notNull":true,"default":0},
      "capacity": {"type":"integer","notNull":true,"default":0},
      "address": {"type":"text","notNull":true,"default":""},
      "room": {"type":"text","notNull":true,"default":""},
      "classLink": {"type":"text","notNull":true,"default":""},
      "coverImage": {"type":"text","notNull":true,"default":""},
      "coverVideo": {"type":"text","notNull":true,"default":""},
      "description": {"type":"text","notNull":true,"default":""},
      "headings": {"type":"text","notNull":true,"default":""},
      "slug": {"type":"text","notNull":true,"default":"","unique":true},
      "version": {"type":"integer","notNull":true,"default":1}
    },
    "holidays": {
      "date": {"type":"text","notNull":false},
      "title": {"type":"text","notNull":true,"default":""},
      "version": {"type":"integer","notNull":true,"default":1}
    },
    "contact_messages": {
      "fullName": {"type":"text","notNull":true,"default":""},
      "phoneNumber": {"type":"text","notNull":true,"default":""},
      "emailAddress": {"type":"text","notNull":true,"default":""},
      "message": {"type":"text","notNull":true,"default":""},
      "createdAt": {"type":"text","notNull":false},
      "status": {"type":"text","notNull":true,"default":"new"},
      "note": {"type":"text","notNull":true,"default":""},
      "version": {"type":"integer","notNull":true,"default":1}
    },
    "sibling_discounts": {
      "fromChild": {"type":"integer","notNull":true,"default":2},
      "percent": {"type":"integer","notNull":true,"default":10},
      "inActive": {"type":"integer","notNull":true,"default":0},
      "version": {"type":"integer","notNull":true,"default":1}
    },
    "teachers": {
      "fullName": {"type":"text","notNull":true,"default":""},
      "skill": {"type":"text","notNull":true,"default":""},
      "descirption": {"type":"text","notNull":true,"default":""},
      "coverImage": {"type":"text","notNull":true,"default":""},
      "slug": {"type":"text","notNull":true,"default":"","unique":true},
      "version": {"type":"integer","notNull":true,"default":1}
    },
    "users": {
      "firstName": {"type":"text","notNull":true,"default":""},
      "lastName": {"type":"text","notNull":true,"default":""},
      "phoneNumber": {"type":"text","notNull":true,"default":""},
      "emailAddress": {"type":"text","notNull":true,"default":""},
      "role": {"type":"integer","notNull":true,"default":1},
      "isLockout": {"type":"integer","notNull":true,"default":0},
      "lastLogin": {"type":"text","notNull":false},
      "version": {"type":"integer","notNull":true,"default":1}
    }
  }
};
