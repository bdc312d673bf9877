// The ways an outside service (the payment gateway, the SMS service, the mail server) can answer
// other than its contract says, one list for every test double that injects them, so the three
// boundaries are tried against the same faults. What each fault means for one protocol is told
// beside that double (fake-gateway.ts, fake-sms.ts, fake-smtp.ts).
export const outsideFaults = [
  'wrongShape',
  'missingFields',
  'extraFields',
  'html',
  'empty',
  'huge',
  'unknownStatus',
  'duplicateId',
  'slow',
  'dropped',
  'droppedAfter',
  'unasked',
] as const;
export type OutsideFault = (typeof outsideFaults)[number];

/** A body bigger than any client should read: a double's huge fault streams this many bytes. */
export const hugeAnswerBytes = 64 * 1024 * 1024;
