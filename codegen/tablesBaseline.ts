// The entity tables as the migrations named before the history was one (00N_ and g00N_) left
// them. Codegen replays every later generated migration over this to learn what the tables are
// now, so no snapshot is kept beside the history (two branches would both rewrite it).
import type { SchemaSnapshot } from './migration-steps';

export const tablesBaseline: SchemaSnapshot = {
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
      "createdAt": {"type":"text","notNull":true},
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
      "passwordHash": {"type":"text","notNull":true},
      "createdAt": {"type":"text","notNull":true},
      "tokenVersion": {"type":"integer","notNull":true,"default":0},
      "version": {"type":"integer","notNull":true,"default":1}
    }
  }
};
